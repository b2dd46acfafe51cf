import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const ordersErrors = defineErrors({
  ORDER_BUYER_ONLY: { kind: 'conflict', message: '只有采购商可以执行此操作' },
  ORDER_CANCEL_FORBIDDEN: { kind: 'conflict', message: '无权取消此订单' },
  ORDER_CANCEL_REASON_REQUIRED: { kind: 'invalid', message: '请填写取消原因' },
  ORDER_COMPANY_NOT_FOUND: { kind: 'invalid', message: '公司不存在' },
  /** A transfer over the amount due (decision 0215): the supplier says what becomes of the excess. */
  ORDER_EXCESS_HANDLING_REQUIRED: {
    kind: 'invalid',
    message: (p: { excess: string }) => `实收金额超出应付 ¥${p.excess}，请选择多付部分退还或转为余额`,
  },
  ORDER_EXCESS_REFUND_REF_REQUIRED: { kind: 'invalid', message: '请填写退还多付款项的银行流水号' },
  ORDER_FREIGHT_NEGATIVE: { kind: 'invalid', message: '运费不能为负数' },
  ORDER_LINE_NOT_FOUND: { kind: 'invalid', message: '订单商品不存在' },
  ORDER_NO_LINES: { kind: 'invalid', message: '没有可提交的商品' },
  /** A transfer to a supplier without a verified settlement account (decision 0198; the dialog says it first). */
  ORDER_PAYEE_UNVERIFIED: { kind: 'conflict', message: '该供应商尚未完成对公账户验证，暂不能通过银行转账付款' },
  /** The account recorded on the order was disabled by the supplier afterwards (decision 0206). */
  ORDER_PAYEE_DISABLED: { kind: 'conflict', message: '该订单的收款账户已被供应商停用，请联系供应商' },
  /** Part of a transfer was received (decision 0215): the remainder is paid by transfer too, not online nor on credit. */
  ORDER_PART_PAID_TRANSFER_ONLY: {
    kind: 'conflict',
    message: (p: { paid: string; remaining: string }) =>
      `订单已收款 ¥${p.paid}，剩余 ¥${p.remaining} 请继续通过银行转账支付`,
  },
  ORDER_PRICE_UNCHANGED: { kind: 'invalid', message: '价格和运费没有变化' },
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  ORDER_PROOF_FILE_REFUSED: { kind: 'invalid', message: '付款凭证文件无效，请重新上传' },
  ORDER_SELLER_ONLY: { kind: 'conflict', message: '只有供应商可以执行此操作' },
  ORDER_SHIP_OVER_PENDING: {
    kind: 'invalid',
    message: (p: { product: string; left: number; unit: string }) => `「${p.product}」本次发货数量超过待发数量 ${p.left}${p.unit}`,
  },
  ORDER_SHIP_QUANTITY_REQUIRED: { kind: 'invalid', message: '请填写发货数量' },
  ORDER_UNIT_PRICE_NEGATIVE: { kind: 'invalid', message: '单价不能为负数' },
});

/** Raises one of this module's errors: `throw fail('ORDER_SELLER_ONLY')`. */
export const fail = raiserOf(ordersErrors);
