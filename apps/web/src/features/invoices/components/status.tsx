import { Tag } from 'antd';
import { InvoiceStatus, invoiceMachine, formatChinaDate } from '@aquamall/shared';

const COLOR: Record<number, string> = {
  [InvoiceStatus.REQUESTED]: 'orange',
  [InvoiceStatus.ISSUED]: 'blue',
  [InvoiceStatus.RECEIVED]: 'success',
  [InvoiceStatus.DISPUTED]: 'magenta',
  [InvoiceStatus.REVERSED]: 'default',
  [InvoiceStatus.WITHDRAWN]: 'default',
  [InvoiceStatus.REFUSED]: 'error',
};

/** The invoice status as a coloured tag; a reversal (红冲) row is tagged as such. */
export const InvoiceStatusTag = ({ status, reversal }: { status: number; reversal?: boolean }) =>
  reversal ? (
    <Tag color="red">红冲发票</Tag>
  ) : (
    <Tag color={COLOR[status]}>{invoiceMachine.label(status)}</Tag>
  );

/** 普通 / 专用 as a short tag. */
export const InvoiceKindTag = ({ kind }: { kind: number }) => (
  <Tag color={kind === 2 ? 'geekblue' : 'cyan'}>{kind === 2 ? '专票' : '普票'}</Tag>
);

/** Status tabs of the lists, in the order an invoice moves. */
export const STATUS_TABS = [
  InvoiceStatus.REQUESTED,
  InvoiceStatus.ISSUED,
  InvoiceStatus.RECEIVED,
  InvoiceStatus.DISPUTED,
  InvoiceStatus.REVERSED,
  InvoiceStatus.REFUSED,
  InvoiceStatus.WITHDRAWN,
] as const;

/** An invoice date (a China day, stored as its China midnight) as YYYY-MM-DD in any browser time zone. */
export const invoiceDay = (iso: string | null | undefined) => formatChinaDate(iso);
