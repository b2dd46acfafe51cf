import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const creditErrors = defineErrors({
  CREDIT_ACCOUNT_NOT_FOUND: { kind: 'notFound', message: '信用账户不存在' },
  CREDIT_ADJUST_BALANCE_NEGATIVE: { kind: 'conflict', message: (p: { balance: string }) => `调整后余额不能为负数（当前余额 ¥${p.balance}）` },
  CREDIT_ADJUST_USED_NEGATIVE: { kind: 'conflict', message: (p: { used: string }) => `调整后已用额度不能为负数（当前已用 ¥${p.used}）` },
  CREDIT_AVAILABLE_SHORT: { kind: 'conflict', message: (p: { short: string }) => `可用额度不足，还差 ¥${p.short}` },
  CREDIT_BUYER_ONLY: { kind: 'conflict', message: '只有采购商可以执行此操作' },
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  CREDIT_PROOF_FILE_REFUSED: { kind: 'invalid', message: '转账凭证文件无效，请重新上传' },
  CREDIT_REFUND_BALANCE_SHORT: {
    kind: 'conflict',
    message: (p: { balance: string; amount: string | number }) => `账户余额 ¥${p.balance} 不足以退款 ¥${p.amount}`,
  },
  CREDIT_REFUND_OVER_FREE: { kind: 'conflict', message: (p: { free: string }) => `退款金额不能超过可退余额 ¥${p.free}` },
  CREDIT_REQUEST_NOT_FOUND: { kind: 'notFound', message: '申请不存在' },
  CREDIT_SELLER_ONLY: { kind: 'conflict', message: '只有供应商可以执行此操作' },
  CREDIT_STATEMENT_FUTURE: { kind: 'invalid', message: '对账期间不能晚于今天' },
  CREDIT_STATEMENT_NOT_FOUND: { kind: 'notFound', message: '对账单不存在' },
  CREDIT_SUPPLIER_REQUIRED: { kind: 'invalid', message: '请选择供应商' },
  CREDIT_TERMS_UNCHANGED: { kind: 'invalid', message: '额度和账期没有变化' },
});

/** Raises one of this module's errors: `throw fail('CREDIT_ACCOUNT_NOT_FOUND')`. */
export const fail = raiserOf(creditErrors);
