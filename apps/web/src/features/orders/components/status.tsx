import { Tag } from 'antd';
import { ORDER_INVOICE_STATE_LABELS, orderMachine, OrderStatus } from '@aquamall/shared';

const COLORS: Record<number, string> = {
  [OrderStatus.TO_CONFIRM]: 'orange',
  [OrderStatus.TO_PAY]: 'gold',
  [OrderStatus.TO_SHIP]: 'blue',
  [OrderStatus.PART_SHIPPED]: 'geekblue',
  [OrderStatus.TO_RECEIVE]: 'cyan',
  [OrderStatus.COMPLETED]: 'green',
  [OrderStatus.CANCELLED]: 'default',
};

/** The status tabs of every order list, in lifecycle order (the order table's states). */
export const STATUS_TABS = orderMachine.stateValues.map((s) => ({ value: s, label: orderMachine.label(s) }));

/** An order's status, with 已提交付款凭证 while a transfer proof waits for the supplier. */
export function OrderStatusTag({ status, paymentSubmitted }: { status: number; paymentSubmitted?: boolean }) {
  return (
    <span>
      <Tag color={COLORS[status]}>{orderMachine.label(status)}</Tag>
      {paymentSubmitted && status === OrderStatus.TO_PAY && <Tag color="purple">已提交付款凭证</Tag>}
    </span>
  );
}

/** A completed order's invoice state (未开票 / 部分开票 / 已开票, from its issued invoices). */
export function InvoiceStateTag({ status, invoiceState }: { status: number; invoiceState: number }) {
  if (status !== OrderStatus.COMPLETED && invoiceState === 0) return null;
  return (
    <Tag color={invoiceState === 2 ? 'success' : invoiceState === 1 ? 'warning' : 'default'}>
      {ORDER_INVOICE_STATE_LABELS[invoiceState]}
    </Tag>
  );
}

/** The list page of each order type (detail links, back links). */
export const TYPE_TITLE: Record<number, string> = {
  0: '采购订单',
  4: '询价订单',
  6: '销售订单',
  8: '报价订单',
};
