import { Tag } from 'antd';
import { enquiryMachine } from '@aquamall/shared';

/** Status tabs of the list: the states of the enquiry's table, in its order. */
export const ENQUIRY_TABS = enquiryMachine.stateValues;
const COLORS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'orange', 3: 'blue', 4: 'red' };

export function EnquiryStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status] ?? 'default'}>{enquiryMachine.label(status)}</Tag>;
}

/** 邀请询价 / 密封 marks beside a title. */
export function EnquiryMarks({ visibility, sealed }: { visibility: number; sealed: boolean }) {
  return (
    <>
      {visibility === 2 ? <Tag color="purple">邀请询价</Tag> : null}
      {sealed ? <Tag color="gold">密封报价</Tag> : null}
    </>
  );
}

export const enquiryIdFrom = (search: URLSearchParams, key = 'id'): number | null => {
  const n = Number(search.get(key));
  return Number.isInteger(n) && n > 0 ? n : null;
};
