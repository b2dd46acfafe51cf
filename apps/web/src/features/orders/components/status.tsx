import { Tag } from 'antd';
import { enumLabel, OrderStatus } from '@aquamall/shared';

const COLORS: Record<number, string> = {
  [OrderStatus.TO_CONFIRM]: 'orange',
  [OrderStatus.TO_PAY]: 'gold',
  [OrderStatus.TO_SHIP]: 'blue',
  [OrderStatus.PART_SHIPPED]: 'geekblue',
  [OrderStatus.TO_RECEIVE]: 'cyan',
  [OrderStatus.COMPLETED]: 'green',
  [OrderStatus.CANCELLED]: 'default',
};

/** The status tabs of every order list, in lifecycle order. */
export const STATUS_TABS = Object.values(OrderStatus).map((s) => ({ value: s, label: enumLabel('OrderStatus', s) ?? String(s) }));

/** An order's status, with 已提交付款凭证 while a transfer proof waits for the supplier. */
export function OrderStatusTag({ status, paymentSubmitted }: { status: number; paymentSubmitted?: boolean }) {
  return (
    <span>
      <Tag color={COLORS[status]}>{enumLabel('OrderStatus', status) ?? status}</Tag>
      {paymentSubmitted && status === OrderStatus.TO_PAY && <Tag color="purple">已提交付款凭证</Tag>}
    </span>
  );
}

/** The list page of each order type (detail links, back links). */
export const TYPE_TITLE: Record<number, string> = { 0: '采购订单', 4: '询价订单', 6: '销售订单', 8: '报价订单' };
