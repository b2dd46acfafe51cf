import { Tag, Tooltip } from 'antd';
import { enumLabel, ProductStatus } from '@aquamall/shared';

const COLORS: Record<number, string> = {
  [ProductStatus.DRAFT]: 'default',
  [ProductStatus.PENDING]: 'processing',
  [ProductStatus.ON_SALE]: 'success',
  [ProductStatus.OFF_SALE]: 'warning',
  [ProductStatus.REJECTED]: 'error',
};

/** A product's status, with the pending edit and the platform's reasons beside it. */
export function ProductStatusTag({
  status,
  pendingRevision,
  rejectReason,
  takenDownReason,
}: {
  status: number;
  pendingRevision?: boolean;
  rejectReason?: string | null;
  takenDownReason?: string | null;
}) {
  return (
    <span>
      <Tag color={COLORS[status]}>{enumLabel('ProductStatus', status)}</Tag>
      {pendingRevision && <Tag color="processing">修改待审核</Tag>}
      {rejectReason && (
        <Tooltip title={rejectReason}>
          <div style={{ color: '#cf1322', fontSize: 12, maxWidth: 200 }}>
            {status === ProductStatus.REJECTED ? '驳回原因' : '修改未通过'}：{rejectReason}
          </div>
        </Tooltip>
      )}
      {takenDownReason && <div style={{ color: '#cf1322', fontSize: 12, maxWidth: 200 }}>平台下架：{takenDownReason}</div>}
    </span>
  );
}

export const STATUS_OPTIONS = [0, 1, 2, 3, 4].map((s) => ({ value: s, label: enumLabel('ProductStatus', s) }));
