import { Tag } from 'antd';
import { quotationMachine, QuotationStatus } from '@aquamall/shared';

const COLOR: Record<number, string> = {
  [QuotationStatus.QUOTED]: 'blue',
  [QuotationStatus.REVISED]: 'geekblue',
  [QuotationStatus.WON]: 'success',
  [QuotationStatus.LOST]: 'default',
  [QuotationStatus.EXPIRED]: 'warning',
  [QuotationStatus.WITHDRAWN]: 'default',
};

/** The offer's status (已失效 computed by the server) as a coloured tag. */
export const QuotationStatusTag = ({ status }: { status: number }) => (
  <Tag color={COLOR[status]}>{quotationMachine.label(status)}</Tag>
);

/** Status tabs of the list, in the order an offer moves. */
export const STATUS_TABS = [
  QuotationStatus.QUOTED,
  QuotationStatus.REVISED,
  QuotationStatus.WON,
  QuotationStatus.LOST,
  QuotationStatus.EXPIRED,
  QuotationStatus.WITHDRAWN,
] as const;
