import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import { enumLabel, formatChinaDateTime } from '@aquamall/shared';

/** A table cell of two lines: the value, and under it a smaller grey line (a channel, an order number, who and when). */
export function CellWithSub({ children, sub }: { children: ReactNode; sub: ReactNode }) {
  return (
    <div>
      {children}
      {sub ? <div style={{ color: '#8c8c8c', fontSize: 12 }}>{sub}</div> : null}
    </div>
  );
}

/** A column of instants (ISO strings) shown as China time, 2026-12-07 08:00. */
export function chinaTimeColumn<T>(title: string, dataIndex: keyof T & string, width = 160): TableColumnType<T> {
  return { title, dataIndex, width, render: (v: string) => formatChinaDateTime(v) };
}

/** The 渠道 column of online payments (微信支付 / 支付宝), read from the row's `channel`. */
export function payChannelColumn<T extends { channel: number }>(width = 100): TableColumnType<T> {
  // 微信支付 stays on one line in the narrow column of a phone.
  return { title: '渠道', dataIndex: 'channel', width, render: (c: number) => <span style={{ whiteSpace: 'nowrap' }}>{enumLabel('PayChannel', c)}</span> };
}
