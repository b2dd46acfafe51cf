import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const invoicesErrors = defineErrors({
  INVOICE_BUYER_ONLY: { kind: 'conflict', message: '只有申请开票的采购商可以执行此操作' },
  INVOICE_DATE_FUTURE: { kind: 'invalid', message: (p: { label: string }) => `${p.label}不能晚于今天` },
  INVOICE_DATE_INVALID: { kind: 'invalid', message: (p: { label: string }) => `${p.label}不正确` },
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  INVOICE_FILE_REFUSED: { kind: 'invalid', message: '发票文件不存在或不是本公司上传的文件' },
  INVOICE_FILE_TYPE: { kind: 'invalid', message: '发票文件只能是PDF、OFD或图片' },
  INVOICE_MIXED_SELLERS: { kind: 'invalid', message: '一张发票只能包含同一供应商的订单' },
  INVOICE_NOT_FOUND: { kind: 'notFound', message: '发票记录不存在' },
  INVOICE_ORDER_NOT_DONE: { kind: 'conflict', message: (p: { orderNo: string }) => `订单 ${p.orderNo} 尚未完成，完成后才能申请开票` },
  INVOICE_ORDER_NOT_FOUND: { kind: 'notFound', message: '订单不存在' },
  INVOICE_ORDER_NOTHING_LEFT: { kind: 'conflict', message: (p: { orderNo: string }) => `订单 ${p.orderNo} 已没有可开票金额` },
  INVOICE_ORDER_OVER_LEFT: { kind: 'conflict', message: (p: { orderNo: string; left: string }) => `订单 ${p.orderNo} 最多可开票 ¥${p.left}` },
  INVOICE_REQUEST_TITLE_TAX_NO_INVALID: {
    kind: 'invalid',
    message: '发票抬头的纳税人识别号不正确，请先在发票抬头中核对统一社会信用代码',
  },
  INVOICE_REVERSE_OVER_LEFT: { kind: 'conflict', message: (p: { left: string }) => `该发票在订单上只剩 ¥${p.left} 可红冲` },
  INVOICE_RMA_NOT_FOUND: { kind: 'notFound', message: '售后单不存在' },
  INVOICE_RMA_NOTHING_TO_REVERSE: { kind: 'conflict', message: '该售后单没有待在此发票上红冲的金额' },
  INVOICE_SELLER_ONLY: { kind: 'conflict', message: '只有开票的供应商可以执行此操作' },
  INVOICE_SPECIAL_TITLE_INCOMPLETE: {
    kind: 'invalid',
    message: (p: { missing: string }) => `专用发票需要完整的抬头信息，所选抬头缺少${p.missing}，请先补全发票抬头`,
  },
  INVOICE_SUM_MISMATCH: {
    kind: 'invalid',
    message: (p: { exTax: string; tax: string; requested: string }) =>
      `不含税金额 ¥${p.exTax} + 税额 ¥${p.tax} 应等于申请开票金额 ¥${p.requested}`,
  },
  INVOICE_TAX_MISMATCH: {
    kind: 'invalid',
    message: (p: { rate: number; expected: string }) => `税额应为不含税金额 × ${p.rate}% = ¥${p.expected}（允许 ±0.01 元误差）`,
  },
});

/** Raises one of this module's errors: `throw fail('INVOICE_NOT_FOUND')`. */
export const fail = raiserOf(invoicesErrors);
