import { ParcelTracking } from '../../../components/ParcelTracking.tsx';
import { useRefreshRmaParcel, useRmaTracking } from '../api/rma.ts';

/**
 * The route of an after-sales request's return parcel, for either side (docs/product/aftersales.md#return-tracking):
 * refreshed every 15 s while the goods are on their way back and not yet signed for.
 */
export function RmaParcel({ rmaId, onTheWay }: { rmaId: number; onTheWay: boolean }) {
  const query = useRmaTracking(rmaId, onTheWay);
  const refresh = useRefreshRmaParcel();
  return (
    <ParcelTracking
      query={query}
      refresh={refresh}
      title="退货物流跟踪"
      emptyText="暂无可跟踪的退货包裹（寄回时选择物流公司目录中的承运商才可跟踪）"
    />
  );
}
