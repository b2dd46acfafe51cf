import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/** The errors of online payment by identity (docs/errors.md). */
export const paymentsErrors = defineErrors({
  PAY_CHANNEL_OFF: {
    kind: 'invalid',
    message: (p: { channel: string }) => `本平台尚未开通${p.channel}，请使用银行转账或账期支付`,
  },
  PAY_PAYEE_UNVERIFIED: {
    kind: 'conflict',
    message: (p: { channel: string }) => `该供应商尚未开通${p.channel}收款（收款商户未经平台核验），请使用银行转账或账期支付`,
  },
  SUBMCH_BAD_ID: { kind: 'invalid', message: '特约商户号应为8至10位数字' },
  SUBMCH_SUPPLIER_ONLY: { kind: 'forbidden', message: '仅供应商可设置在线收款' },
  SUBMCH_AUTH_FAILED: { kind: 'failed', message: '支付宝授权未完成或授权码已失效，请重新授权' },
  SUBMCH_NOT_PENDING: { kind: 'conflict', message: '该收款商户不在待核验状态，请刷新后重试' },
  PAY_ORDER_NOT_PAYABLE: { kind: 'conflict', message: '该订单当前不能在线支付' },
  PAY_ALREADY_PAID: { kind: 'conflict', message: '该订单已在线支付成功，请勿重复支付' },
  PAY_PARTNER_FAILED: { kind: 'failed', message: '支付渠道暂时不可用，请稍后再试或改用银行转账' },
  PAY_REFUND_EXCEEDS: {
    kind: 'conflict',
    message: (p: { left: string }) => `退款金额超过可退金额（剩余可退 ¥${p.left}）`,
  },
  PAY_NOT_PAID_ONLINE: { kind: 'conflict', message: '该订单未通过在线支付，不能原路退回' },
  RECON_ALREADY_RESOLVED: { kind: 'conflict', message: '该差异已处理' },
  RECON_NO_CHANNEL: { kind: 'invalid', message: '尚未配置任何在线支付渠道，无需对账' },
});

export const fail = raiserOf(paymentsErrors);
