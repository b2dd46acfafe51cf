import { PayOrderStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

export type PayOrderStatusValue = (typeof PayOrderStatus)[keyof typeof PayOrderStatus];

/** The payment order's timed rules (jobs table): its expiry and the active query when a notification is late. */
export const PAY_CLOCKS = {
  EXPIRE: 'pay.expire',
  QUERY: 'pay.query',
} as const;

const { OPEN, PAID, CLOSED, FAILED } = PayOrderStatus;

/**
 * The payment order (支付单, decision 0207): opened by the purchaser, paid by the partner's verified notification
 * or the active query, closed at expiry or when the order no longer waits for payment, failed when the partner
 * says so. Refunds keep it 已支付 (its refunded amount grows).
 */
export const payOrderMachine = defineMachine<PayOrderStatusValue, 'pay' | 'close' | 'fail' | 'refund'>({
  document: '支付单',
  states: enumStates<PayOrderStatusValue>('PayOrderStatus'),
  historyLabels: { create: '创建支付单' },
  actions: {
    pay: { from: [OPEN, CLOSED, FAILED], to: PAID, by: ['system'], label: '支付成功', stops: [PAY_CLOCKS.EXPIRE, PAY_CLOCKS.QUERY] },
    close: { from: [OPEN], to: CLOSED, by: ['system', 'buyer'], label: '关闭', stops: [PAY_CLOCKS.EXPIRE, PAY_CLOCKS.QUERY] },
    fail: { from: [OPEN], to: FAILED, by: ['system'], label: '支付失败', stops: [PAY_CLOCKS.EXPIRE, PAY_CLOCKS.QUERY] },
    refund: { from: [PAID], by: ['seller', 'buyer', 'system'], label: '退款', refusal: '支付单未支付，不能退款' },
  },
});
