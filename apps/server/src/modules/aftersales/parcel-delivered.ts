import { eq } from 'drizzle-orm';
import { formatChinaDateTime } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { rmas, type TrackedParcelRow } from '../../db/schema/index.ts';
import { notify } from '../notifications/index.ts';
import { parcelLabel } from '../tracking/index.ts';
import { rmaLink } from './common.ts';

/**
 * A return parcel was signed for (docs/product/orders.md#parcel-tracking; registered with tracking by app.ts):
 * the supplier is told to check the goods and confirm.
 */
export async function rmaParcelDelivered(tx: Db, parcel: TrackedParcelRow): Promise<void> {
  if (parcel.rmaId === null) return;
  const [rma] = await tx.select().from(rmas).where(eq(rmas.id, parcel.rmaId));
  if (!rma) return;
  await notify(tx, rma.sellerCompanyId, {
    type: 'rma_delivered',
    title: `退货包裹已签收 ${rma.rmaNo}`,
    content: `采购商寄回的售后商品（${parcelLabel(parcel)}）已于 ${formatChinaDateTime(parcel.deliveredAt)} 签收，请验收后确认。`,
    linkPath: rmaLink(rma.id, 'seller'),
  });
}
