import type { OrderDetail } from '@aquamall/shared';
import { ParcelTracking } from '../../../components/ParcelTracking.tsx';
import { useOrderTracking, useRefreshParcel } from '../api/orders.ts';

/** The routes of an order's shipments, for either side; refreshed every 15 s while goods are on the way. */
export function OrderParcels({ orderId, shipments, live }: { orderId: number; shipments: OrderDetail['shipments']; live: boolean }) {
  const query = useOrderTracking(orderId, live);
  const refresh = useRefreshParcel();
  const nth = new Map(shipments.map((s, i) => [s.id, i + 1]));
  return (
    <ParcelTracking
      query={query}
      refresh={refresh}
      titleOf={(p) => (p.shipmentId !== null && shipments.length > 1 ? `第 ${nth.get(p.shipmentId)} 次发货` : undefined)}
    />
  );
}
