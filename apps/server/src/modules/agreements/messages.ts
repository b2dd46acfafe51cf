import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of the agreements module by identity (docs/errors.md). Status refusals live in the agreement's state
 * table (packages/shared/src/machines/agreement.ts).
 */
export const agreementsErrors = defineErrors({
  AGREEMENT_NOT_FOUND: { kind: 'notFound', message: '框架协议记录不存在' },
  AGREEMENT_BUYER_ONLY: { kind: 'conflict', message: '只有协议的采购商可以执行此操作' },
  AGREEMENT_SELLER_ONLY: { kind: 'conflict', message: '只有协议的供应商可以执行此操作' },
  AGREEMENT_NOT_PURCHASER: { kind: 'invalid', message: '请选择一家采购商' },
  AGREEMENT_SKU_UNKNOWN: { kind: 'invalid', message: (p: { code: string }) => `SKU编码「${p.code}」不是本公司的商品` },
  AGREEMENT_SKU_TWICE: { kind: 'invalid', message: (p: { code: string }) => `SKU编码「${p.code}」在协议中重复` },
  AGREEMENT_PERIOD_PAST: { kind: 'invalid', message: '到期日期不能早于今天' },
  AGREEMENT_LINE_UNKNOWN: { kind: 'invalid', message: '协议商品不存在，请刷新页面' },
  AGREEMENT_OVER_DRAW: {
    kind: 'conflict',
    message: (p: { product: string; remaining: number; unit: string }) =>
      `「${p.product}」协议剩余数量为 ${p.remaining}${p.unit}，不能超量下达`,
  },
  AGREEMENT_OVER_AMOUNT: {
    kind: 'conflict',
    message: (p: { amount: string; remaining: string }) => `本次下达金额${p.amount}超过协议剩余金额${p.remaining}，不能超额下达`,
  },
  AGREEMENT_CALL_OFF_CHANGED: {
    kind: 'conflict',
    message: (p: { approved: string; now: string }) => `协议价格已变更：审批时下达金额${p.approved}，现为${p.now}`,
  },
  AGREEMENT_INVOICE_TITLE_REQUIRED: { kind: 'invalid', message: '请选择发票抬头' },
  AGREEMENT_SPECIAL_TITLE_REQUIRED: { kind: 'invalid', message: '开具专用发票请选择专用发票抬头' },
});

/** Raises one of this module's errors: `throw fail('AGREEMENT_OVER_DRAW', {...})`. */
export const fail = raiserOf(agreementsErrors);
