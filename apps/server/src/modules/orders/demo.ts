import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { ORDER_CLOCKS, InvoiceKind, OrderStatus, ProductStatus, type OrderStatusValue } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { files, orderLines, products, productSkus } from '../../db/schema/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { callerByPhone, type Caller } from '../auth/index.ts';
import { addHours } from '../jobs/index.ts';
import { createOrders } from './create.ts';
import {
  cancelOrder,
  confirmOrder,
  confirmDueTransfer,
  payOrder,
  receiveOrder,
  repriceOrder,
  shipOrder,
} from './lifecycle.ts';
import { orderJobHandlers } from './timed-rules.ts';
import { drawCached } from '../../db/seed/images.ts';

const PROOF_KEY = 'upload/demo/order/transfer-proof.png';

/** A transfer receipt image for the demo payments (drawn once into the seed's image cache, like its other images). */
const PROOF_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="360"><rect width="600" height="360" fill="#f6f9fc"/><rect x="20" y="20" width="560" height="320" fill="#fff" stroke="#1677ff" stroke-width="3"/><text x="300" y="90" font-size="32" text-anchor="middle" fill="#1677ff" font-family="Noto Sans CJK SC, sans-serif">网上银行电子回单</text><text x="60" y="160" font-size="22" fill="#333" font-family="Noto Sans CJK SC, sans-serif">付款人：北京京南再生水有限公司</text><text x="60" y="210" font-size="22" fill="#333" font-family="Noto Sans CJK SC, sans-serif">用途：货款</text><text x="60" y="260" font-size="22" fill="#333" font-family="Noto Sans CJK SC, sans-serif">状态：交易成功</text></svg>`;

function drawProof(): Promise<Buffer> {
  return drawCached(`png:${PROOF_SVG}`, '.png', async () => {
    const { default: sharp } = await import('sharp');
    return sharp(Buffer.from(PROOF_SVG)).png().toBuffer();
  });
}

/** On-sale SKUs of a supplier with stock to sell, cheapest products first (a few). */
async function sellable(db: Db, companyId: number, n: number) {
  return db
    .select({
      id: productSkus.id,
      minOrder: products.minOrder,
      available: sql<number>`${productSkus.onHand} - ${productSkus.reserved}`,
    })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(
      and(
        eq(productSkus.companyId, companyId),
        eq(products.status, ProductStatus.ON_SALE),
        eq(products.shopVisible, true),
        gt(
          sql`${productSkus.onHand} - ${productSkus.reserved}`,
          sql`greatest(200, ${products.minOrder} * 20)`,
        ),
      ),
    )
    .orderBy(asc(productSkus.id))
    .limit(n);
}

/**
 * The demo's orders between the purchaser 18800000004 and the suppliers 18800000002/3, one or more in every
 * status, made through the use cases (reservation, history, payments with a transfer proof, shipments,
 * notifications): nothing is inserted by hand. Clocks are recent so no timed rule fires at the first start.
 */
export async function seedDemoOrders(db: Db, storage: Storage | null, now = new Date()): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  const sellerA = await callerByPhone(db, '18800000002');
  const sellerB = await callerByPhone(db, '18800000003');
  if (!buyer || !sellerA || !sellerB) return;
  const skusA = await sellable(db, sellerA.companyId, 6);
  const skusB = await sellable(db, sellerB.companyId, 4);
  if (skusA.length < 3 || skusB.length < 2) return;
  if (storage) await storage.put(PROOF_KEY, await drawProof(), 'image/png');
  await db
    .insert(files)
    .values({
      path: PROOF_KEY,
      originalName: '转账回单.png',
      mime: 'image/png',
      size: 1,
      companyId: buyer.companyId,
      userId: buyer.userId,
    })
    .onConflictDoNothing();
  const rules = DEFAULT_ORDER_RULES;
  const address = {
    receiver: '张立伟',
    phone: '13910001234',
    provinceCode: 110000,
    cityCode: 110100,
    districtCode: 110115,
    areaName: '北京市 北京市 大兴区',
    detail: '黄村镇再生水厂路1号',
  };
  const invoice = {
    kind: InvoiceKind.SPECIAL,
    title: '北京京南再生水有限公司',
    taxNo: '91110115MA01234567',
    regAddress: '北京市大兴区黄村镇再生水厂路1号',
    regPhone: '010-69258800',
    bankName: '中国工商银行北京大兴支行',
    bankAccount: '0200001234567890123',
  };

  const place = async (
    seller: Caller,
    skus: typeof skusA,
    at: Date,
    checkoutId: string | null,
    remark = '',
  ) => {
    const [o] = await createOrders(
      db,
      [
        {
          buyer: { companyId: buyer.companyId, userId: buyer.userId, userName: '张立伟' },
          sellerCompanyId: seller.companyId,
          lines: skus.map((s, i) => ({ skuId: s.id, quantity: s.minOrder * (i + 2) })),
          address,
          invoice,
          buyerRemark: remark,
          freight: 50,
          checkoutId,
        },
      ],
      rules,
      at,
    );
    return o!.id;
  };
  const linesOf = (id: number) =>
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.sort));
  const advance = async (id: number, seller: Caller, to: OrderStatusValue | 'proof', at: Date) => {
    const step = (h: number) => addHours(at, h);
    if (to === OrderStatus.TO_CONFIRM) return;
    await confirmOrder(db, seller, id, rules, step(1));
    if (to === OrderStatus.TO_PAY) return;
    await payOrder(
      db,
      buyer,
      { orderId: id, method: 1, proofFiles: [PROOF_KEY], payerName: '北京京南再生水有限公司' },
      step(2),
    );
    if (to === 'proof') return;
    await confirmDueTransfer(db, seller, id, step(3));
    if (to === OrderStatus.TO_SHIP) return;
    const lines = await linesOf(id);
    const first = lines[0]!;
    await shipOrder(
      db,
      seller,
      {
        orderId: id,
        lines: [{ lineId: first.id, quantity: Math.ceil(first.quantity / 2) }],
        carrier: '顺丰速运',
        trackingNo: `SF14${id}0001`,
      },
      rules,
      step(4),
    );
    if (to === OrderStatus.PART_SHIPPED) return;
    const rest = (await linesOf(id))
      .filter((l) => l.quantity > l.shippedQty)
      .map((l) => ({ lineId: l.id, quantity: l.quantity - l.shippedQty }));
    await shipOrder(
      db,
      seller,
      { orderId: id, lines: rest, carrier: '德邦物流', trackingNo: `DB88${id}0002` },
      rules,
      step(5),
    );
    if (to === OrderStatus.TO_RECEIVE) return;
    await receiveOrder(db, buyer, id, step(6));
  };

  const ago = (hours: number) => addHours(now, -hours);
  // Supplier A (18800000002): one order in every status; two orders of one checkout with supplier B.
  const repriced = await place(sellerA, skusA.slice(0, 2), ago(2), 'demo-checkout-1', '请尽快安排发货');
  await repriceOrder(
    db,
    sellerA,
    {
      orderId: repriced,
      lines: (await linesOf(repriced))
        .slice(0, 1)
        .map((l) => ({ lineId: l.id, unitPrice: Math.max(0, Number(l.unitPrice) - 1) })),
      freight: 0,
      note: '老客户优惠，免运费',
    },
    ago(1),
  );
  await place(sellerB, skusB.slice(0, 1), ago(2), 'demo-checkout-1');
  await advance(await place(sellerA, skusA.slice(2, 3), ago(20), null), sellerA, OrderStatus.TO_PAY, ago(20));
  await advance(await place(sellerA, skusA.slice(1, 2), ago(30), null), sellerA, 'proof', ago(30));
  await advance(
    await place(sellerA, skusA.slice(0, 1), ago(40), null),
    sellerA,
    OrderStatus.TO_SHIP,
    ago(40),
  );
  await advance(
    await place(sellerA, skusA.slice(0, 3), ago(44), null),
    sellerA,
    OrderStatus.PART_SHIPPED,
    ago(44),
  );
  await advance(
    await place(sellerA, skusA.slice(3, 5), ago(72), null),
    sellerA,
    OrderStatus.TO_RECEIVE,
    ago(72),
  );
  await advance(
    await place(sellerA, skusA.slice(1, 3), ago(24 * 6), null),
    sellerA,
    OrderStatus.COMPLETED,
    ago(24 * 6),
  );
  await advance(
    await place(sellerA, skusA.slice(4, 6), ago(24 * 30), null),
    sellerA,
    OrderStatus.COMPLETED,
    ago(24 * 30),
  );
  const cancelled = await place(sellerA, skusA.slice(5, 6), ago(10), null);
  await cancelOrder(db, buyer, { orderId: cancelled, reason: '采购计划调整' }, ago(9));
  // Supplier B (18800000003): confirmed and shipped, completed, and one cancelled by the confirm timeout.
  await advance(
    await place(sellerB, skusB.slice(1, 2), ago(36), null),
    sellerB,
    OrderStatus.TO_SHIP,
    ago(36),
  );
  await advance(
    await place(sellerB, skusB.slice(0, 2), ago(24 * 8), null),
    sellerB,
    OrderStatus.COMPLETED,
    ago(24 * 8),
  );
  const lapsed = await place(sellerB, skusB.slice(1, 2), ago(24 * 4), null);
  await db.transaction((tx) =>
    orderJobHandlers[ORDER_CLOCKS.CONFIRM_TIMEOUT](tx, lapsed, addHours(ago(24 * 4), rules.confirmHours)),
  );
}
