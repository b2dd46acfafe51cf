import { Tag } from 'antd';
import { PurchaseRequestStatus, purchaseRequestMachine } from '@aquamall/shared';

const COLORS: Record<number, string> = {
  [PurchaseRequestStatus.PENDING]: 'processing',
  [PurchaseRequestStatus.APPROVED]: 'success',
  [PurchaseRequestStatus.REJECTED]: 'error',
  [PurchaseRequestStatus.RETURNED]: 'warning',
};

/** A purchase request's status tag, labelled by its state table. */
export function RequestStatusTag({ status }: { status: number }) {
  return <Tag color={COLORS[status] ?? 'default'}>{purchaseRequestMachine.label(status)}</Tag>;
}

/** The status filter choices, from the state table. */
export const statusOptions = purchaseRequestMachine.stateValues.map((s) => ({ value: s, label: purchaseRequestMachine.label(s) }));
