import { defineErrors, MSG_CREDIT_CODE_INVALID } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. The refusals of an application's
 * status (submit, approve, reject) live in its state table, packages/shared/src/machines/merchant.ts.
 */
export const merchantErrors = defineErrors({
  MERCHANT_BUYER_CANNOT_APPLY: { kind: 'forbidden', message: '采购商账号不能申请入驻，请使用供应商账号注册后再申请' },
  MERCHANT_APPLICATION_MOVED: { kind: 'conflict', message: '入驻申请状态已变化，请刷新后重试' },
  MERCHANT_APPLICATION_NOT_FOUND: { kind: 'notFound', message: '入驻申请不存在' },
  MERCHANT_ALREADY_DECIDED: { kind: 'conflict', message: '该申请已审核，请勿重复操作' },
  MERCHANT_CREDIT_CODE_INVALID: { kind: 'invalid', message: MSG_CREDIT_CODE_INVALID },
  MERCHANT_AREA_INVALID: { kind: 'invalid', message: '所在地区不正确，请重新选择' },
  MERCHANT_AGREEMENT_OUTDATED: { kind: 'invalid', message: '入驻协议已更新，请重新阅读并同意' },
  /** A required document missing: the text of the shared form rule (请上传营业执照 …). */
  MERCHANT_DOCUMENT_MISSING: { kind: 'invalid', message: (p: { rule: string }) => p.rule },
  MERCHANT_DOCUMENT_GONE: { kind: 'invalid', message: '证件图片不存在，请重新上传' },
  BANK_ACCOUNT_REQUIRED: { kind: 'invalid', message: '请先填写对公账户' },
  BANK_ACCOUNT_NOT_FOUND: { kind: 'notFound', message: '记录不存在' },
  BANK_ACCOUNT_DUPLICATE: { kind: 'invalid', message: '该银行账号已添加' },
  BANK_ACCOUNT_LIMIT: { kind: 'invalid', message: (p: { max: number }) => `最多可使用${p.max}个对公账户，请先停用不用的账户` },
  BANK_ACCOUNT_DISABLED: { kind: 'conflict', message: '该账户已停用' },
  BANK_VERIFIED_READONLY: { kind: 'conflict', message: '已验证的账户不能修改，如需更换请新增账户并设为默认' },
  BANK_DEFAULT_UNVERIFIED: { kind: 'conflict', message: '只有已验证的账户可以设为默认收款账户' },
  BANK_DISABLE_DEFAULT: { kind: 'conflict', message: '请先将其他已验证账户设为默认，再停用此账户' },
  BANK_ALREADY_VERIFIED: { kind: 'conflict', message: '对公账户已验证' },
  BANK_DEPOSIT_IN_PROGRESS: { kind: 'conflict', message: '打款已发起，请稍后再试' },
  BANK_DEPOSIT_FIRST: { kind: 'conflict', message: '请先发起打款验证' },
  BANK_VERIFY_MOVED: { kind: 'conflict', message: '验证状态已变化，请刷新' },
  BANK_VERIFY_DAILY_LIMIT: { kind: 'rateLimited', message: '今日验证次数已达上限，请明天再试' },
  BANK_AMOUNT_WRONG_LAST: { kind: 'invalid', message: '金额不正确，验证次数已用完，请重新发起打款验证' },
  BANK_AMOUNT_WRONG: { kind: 'invalid', message: (p: { left: number }) => `金额不正确，还可以尝试${p.left}次` },
  PUBLISH_COMPANY_NOT_FOUND: { kind: 'forbidden', message: '企业不存在' },
  PUBLISH_COMPANY_DISABLED: { kind: 'forbidden', message: '企业已被禁用，不能发布商品' },
  PUBLISH_BEFORE_APPROVED: { kind: 'forbidden', message: '商家入驻审核通过后才能发布商品，请先申请入驻' },
  STORE_BEFORE_APPROVED: { kind: 'conflict', message: '商家入驻审核通过后才能设置店铺' },
  STORE_IMAGE_GONE: { kind: 'invalid', message: '图片不存在，请重新上传' },
  STORE_AREA_INVALID: { kind: 'invalid', message: '所在地区不正确，请重新选择' },
  STORE_FLOOR_FOREIGN_GOODS: { kind: 'invalid', message: '楼层中包含不属于本店铺的商品' },
});

/** Raises one of this module's errors: `throw fail('MERCHANT_APPLICATION_NOT_FOUND')`. */
export const fail = raiserOf(merchantErrors);
