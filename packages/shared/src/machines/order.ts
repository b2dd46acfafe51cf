import { OrderStatus, type OrderStatusValue } from '../enums.ts';
import { enumStates } from './labels.ts';
import { defineMachine } from '../state-machine.ts';
import type { OrderAction } from '../contracts/orders.ts';

/** Kinds of the orders' timed rules (jobs table): the clocks the order table starts and stops. */
export const ORDER_CLOCKS = {
  CONFIRM_TIMEOUT: 'order.confirm_timeout',
  PAY_TIMEOUT: 'order.pay_timeout',
  AUTO_RECEIVE: 'order.auto_receive',
} as const;

/** What the order table's conditions read besides the status. */
export interface OrderMachineContext {
  /** A transfer proof waits for the supplier's decision. */
  paymentWaiting: boolean;
  /** Part of the amount has been received (a short transfer confirmed, decision 0215): the remainder is due. */
  partPaid?: boolean;
  /** For 申请售后: when the order was completed, and the after-sales window in days. */
  completedAt?: Date | null;
  rmaDays?: number;
  now?: Date;
}

const DAY_MS = 86_400_000;
const rmaOpen = (c: OrderMachineContext) =>
  !!c.completedAt && (c.now ?? new Date()).getTime() <= c.completedAt.getTime() + (c.rmaDays ?? 0) * DAY_MS;

const { TO_CONFIRM, TO_PAY, TO_SHIP, PART_SHIPPED, TO_RECEIVE, COMPLETED, CANCELLED } = OrderStatus;
const SELLER = ['order:ship'];
const BUYER = ['purchase:manage'];

/**
 * The order's state table (docs/decisions/0194-state-machines.md): the commands of apps/server/src/modules/orders
 * guard with it, the detail answer's `actions` are `orderMachine.available(…)`, the order pages label tags,
 * buttons and the history with it. Table order is the order of the detail page's buttons.
 */
export const orderMachine = defineMachine<OrderStatusValue, OrderAction, OrderMachineContext>({
  document: '订单',
  states: enumStates('OrderStatus', OrderStatus),
  historyLabels: { create: '提交订单' },
  actions: {
    reprice: {
      from: [TO_CONFIRM],
      by: ['seller'],
      permissions: SELLER,
      label: '改价',
      button: '修改价格',
      history: '修改价格',
    },
    confirm: {
      from: [TO_CONFIRM],
      to: TO_PAY,
      by: ['seller'],
      permissions: SELLER,
      label: '确认',
      button: '确认订单',
      history: '确认订单',
      stops: [ORDER_CLOCKS.CONFIRM_TIMEOUT],
      starts: [ORDER_CLOCKS.PAY_TIMEOUT],
    },
    cancel: {
      from: [TO_CONFIRM, TO_PAY, TO_SHIP],
      fromBy: { buyer: [TO_CONFIRM, TO_PAY], system: [TO_CONFIRM, TO_PAY] },
      to: CANCELLED,
      by: ['buyer', 'seller', 'system'],
      permissionsBy: { buyer: BUYER, seller: SELLER },
      label: '取消',
      button: '取消订单',
      history: '取消订单',
      // The supplier may cancel with a proof waiting (the proof is rejected with it) or part of the money received
      // (to be returned offline); the purchaser and the clock may not.
      when: (c, by) => by === 'seller' || (!c.paymentWaiting && !c.partPaid),
      whenRefusal: (c) =>
        c.paymentWaiting ? '付款凭证已提交，等待供应商确认，不能取消' : '订单已部分收款，不能取消，请联系供应商',
      stops: Object.values(ORDER_CLOCKS),
    },
    pay: {
      from: [TO_PAY],
      // By transfer the order stays 待付款 until the supplier confirms; by credit (账期) it is paid at once.
      alsoTo: [TO_SHIP],
      by: ['buyer'],
      permissions: BUYER,
      label: '付款',
      button: '去付款',
      history: '提交付款凭证',
      when: (c) => !c.paymentWaiting,
      whenRefusal: '付款凭证已提交，等待供应商确认',
      stops: [ORDER_CLOCKS.PAY_TIMEOUT],
    },
    payConfirm: {
      from: [TO_PAY],
      to: TO_SHIP,
      by: ['seller'],
      permissions: SELLER,
      label: '确认收款',
      historyAction: 'pay_confirm',
      when: (c) => c.paymentWaiting,
      whenRefusal: '采购商尚未提交付款凭证',
    },
    payPartial: {
      from: [TO_PAY],
      // A short transfer (decision 0215): the received part is recorded, the order stays 待付款 for the remainder.
      by: ['seller'],
      permissions: SELLER,
      label: '确认部分收款',
      history: '确认部分收款',
      historyAction: 'pay_partial',
      when: (c) => c.paymentWaiting,
      whenRefusal: '采购商尚未提交付款凭证',
    },
    payReject: {
      from: [TO_PAY],
      by: ['seller'],
      permissions: SELLER,
      label: '驳回付款',
      button: '驳回凭证',
      history: '驳回付款凭证',
      historyAction: 'pay_reject',
      when: (c) => c.paymentWaiting,
      whenRefusal: '采购商尚未提交付款凭证',
      starts: [ORDER_CLOCKS.PAY_TIMEOUT],
    },
    payOnline: {
      from: [TO_PAY],
      to: TO_SHIP,
      // The payment partner's verified notification (or the active query) pays the order (decision 0207).
      by: ['system'],
      label: '在线支付',
      history: '在线支付成功',
      historyAction: 'pay_online',
      when: (c) => !c.paymentWaiting,
      whenRefusal: '付款凭证已提交，等待供应商确认',
      stops: [ORDER_CLOCKS.PAY_TIMEOUT],
    },
    ship: {
      from: [TO_SHIP, PART_SHIPPED],
      // Everything shipped: 待收货 and the receipt clock starts; else 部分发货.
      to: TO_RECEIVE,
      alsoTo: [PART_SHIPPED],
      by: ['seller'],
      permissions: SELLER,
      label: '发货',
      starts: [ORDER_CLOCKS.AUTO_RECEIVE],
    },
    receive: {
      from: [TO_RECEIVE],
      to: COMPLETED,
      by: ['buyer', 'system'],
      permissions: BUYER,
      label: '确认收货',
      stops: [ORDER_CLOCKS.AUTO_RECEIVE],
    },
    rma: {
      from: [COMPLETED],
      by: ['buyer'],
      permissions: ['purchase:manage', 'rma:manage'],
      label: '申请售后',
      refusal: '订单完成后才能申请售后',
      when: rmaOpen,
      whenRefusal: (c) =>
        c.completedAt ? `已超过售后申请期限（订单完成后${c.rmaDays ?? 0}天内）` : '订单完成后才能申请售后',
    },
  },
});
