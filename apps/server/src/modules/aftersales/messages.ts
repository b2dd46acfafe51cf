import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from an
 * after-sales request's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const aftersalesErrors = defineErrors({
  RMA_NOT_FOUND: { kind: 'notFound', message: '售后单不存在' },
  RMA_ORDER_NOT_FOUND: { kind: 'notFound', message: '订单不存在' },
  RMA_ORDER_LINE_NOT_FOUND: { kind: 'invalid', message: '订单商品不存在' },
  RMA_LINE_NOT_FOUND: { kind: 'invalid', message: '售后明细不存在' },
  RMA_QUANTITY_OVER: {
    kind: 'conflict',
    message: (p: { product: string; left: number; unit: string }) => `「${p.product}」最多可申请 ${p.left}${p.unit}`,
  },
  RMA_QUANTITY_NONE: { kind: 'conflict', message: (p: { product: string }) => `「${p.product}」已没有可申请售后的数量` },
  RMA_REFUND_OVER_LINES: { kind: 'invalid', message: (p: { max: string }) => `退款金额不能超过所选商品金额 ¥${p.max}` },
  RMA_REFUND_ZERO: { kind: 'invalid', message: '所选商品金额为0，请选择换货' },
  RMA_REFUND_OVER_REQUEST: { kind: 'invalid', message: (p: { max: string }) => `退款金额不能超过申请金额 ¥${p.max}` },
  RMA_REFUND_METHOD_REQUIRED: { kind: 'invalid', message: '请选择退款方式' },
  RMA_ESCALATED_ALREADY: { kind: 'conflict', message: '该售后申请已申请过平台介入，每个申请只能申请一次' },
  RMA_RETURN_ADDRESS_NOT_FOUND: { kind: 'notFound', message: '退货地址不存在' },
  RMA_RETURN_ADDRESS_REQUIRED: { kind: 'invalid', message: '请选择或填写退货地址' },
  RMA_REGION_INVALID: { kind: 'invalid', message: '所在地区不正确，请重新选择' },
  RMA_BUYER_ONLY: { kind: 'conflict', message: '只有申请售后的采购商可以执行此操作' },
  RMA_SELLER_ONLY: { kind: 'conflict', message: '只有订单的供应商可以处理此售后申请' },
});

/** Raises one of this module's errors: `throw fail('RMA_SELLER_ONLY')`. */
export const fail = raiserOf(aftersalesErrors);
