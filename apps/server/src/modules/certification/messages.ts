import { defineErrors, MSG_CREDIT_CODE_INVALID, MSG_ID_NUMBER_INVALID } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const certificationErrors = defineErrors({
  AGREEMENT_ALREADY_SIGNED: { kind: 'conflict', message: '服务协议已签署' },
  AGREEMENT_BEFORE_CERTIFIED: { kind: 'conflict', message: '企业认证通过后才能签署服务协议' },
  AGREEMENT_FILE_NOT_FOUND: { kind: 'notFound', message: '协议文件不存在' },
  AGREEMENT_NOT_SIGNED: { kind: 'notFound', message: '服务协议尚未签署' },
  AGREEMENT_CODE_WRONG: { kind: 'invalid', message: '短信验证码错误或已过期，请重新获取' },
  AGREEMENT_NO_PHONE: { kind: 'conflict', message: '您的账号未绑定手机号，无法接收签署验证码' },
  CERT_ALREADY_CERTIFIED: { kind: 'conflict', message: '企业已认证，无需重复提交' },
  CERT_LICENSE_REQUIRED: { kind: 'invalid', message: '请上传营业执照' },
  CERT_NOT_FOUND: { kind: 'notFound', message: '认证申请不存在' },
  CERT_NOT_UNDER_REVIEW: { kind: 'conflict', message: '该认证不在审核中，不能重复审核' },
  CERT_STATUS_MOVED: { kind: 'conflict', message: '认证状态已变化，请刷新后重试' },
  CERT_UNDER_REVIEW: { kind: 'conflict', message: '企业认证正在审核中，请耐心等待' },
  MEMBER_INVOICE_ALREADY_ASKED: { kind: 'conflict', message: '该订单已申请发票，请勿重复申请' },
  MEMBER_INVOICE_BEFORE_PAID: { kind: 'conflict', message: '平台确认收款后才能申请发票' },
  MEMBER_INVOICE_NONE_PENDING: { kind: 'conflict', message: '该订单没有待开具的发票申请' },
  MEMBER_LEVEL_DOWNGRADE: { kind: 'conflict', message: (p: { current: string | number }) => `当前为${p.current}，不能购买更低的等级` },
  MEMBER_LEVEL_REQUIRED: { kind: 'invalid', message: '请选择会员等级' },
  MEMBER_ORDER_NOT_CANCELLABLE: { kind: 'conflict', message: '只有待付款的订单可以撤销' },
  MEMBER_ORDER_NOT_FOUND: { kind: 'notFound', message: '会员订单不存在' },
  MEMBER_ORDER_PROOF_DONE: { kind: 'conflict', message: '该订单已提交凭证或已处理，请刷新后查看' },
  MEMBER_PAYEE_NOT_SET: { kind: 'conflict', message: '平台收款账户尚未设置，暂不能购买会员，请联系平台客服' },
  MEMBER_REQUEST_ALREADY_HANDLED: { kind: 'conflict', message: '该申请已处理，请勿重复操作' },
  CERT_LICENSE_GONE: { kind: 'invalid', message: '营业执照图片不存在，请重新上传' },
  CERT_CREDIT_CODE_INVALID: { kind: 'invalid', message: MSG_CREDIT_CODE_INVALID },
  CERT_ID_NUMBER_INVALID: { kind: 'invalid', message: MSG_ID_NUMBER_INVALID },
  MEMBER_PROOF_GONE: { kind: 'invalid', message: '转账凭证不存在，请重新上传' },
  MEMBER_ORDER_OPEN: {
    kind: 'conflict',
    message: (p: { orderNo: string | null }) => `已有未完成的会员订单${p.orderNo ? ` ${p.orderNo}` : ''}，请先完成付款或撤销`,
  },
});

/** Raises one of this module's errors: `throw fail('AGREEMENT_ALREADY_SIGNED')`. */
export const fail = raiserOf(certificationErrors);
