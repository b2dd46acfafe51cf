import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { AdjustmentType, ProductStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, categoryAttributes, companies, products, productSkus, users } from '../../db/schema/index.ts';
import type { Caller } from '../auth/index.ts';
import { confirmAdjustment, createAdjustment } from './adjustments.ts';

/** Parameters the platform asks for in the demo's top categories (inherited by their subtrees). */
const DEMO_ATTRIBUTES: Record<string, { name: string; type: number; options?: string[]; unit?: string }[]> = {
  水处理药剂: [
    { name: '外观', type: 1 },
    { name: '执行标准', type: 1 },
    { name: '包装', type: 1 },
  ],
  水处理设备: [
    { name: '材质', type: 3, options: ['铸铁', '不锈钢304', '不锈钢316', '工程塑料'] },
    { name: '流量', type: 2, unit: 'm³/h' },
    { name: '功率', type: 2, unit: 'kW' },
  ],
  检测仪器: [{ name: '测量范围', type: 1 }],
};

/**
 * For the demo seed: category parameter definitions, low-stock thresholds on some of the demo supplier's
 * SKUs (so the warning list shows), and two adjustment documents (one confirmed 入库, one draft 盘点).
 */
export async function seedDemoCatalogue(db: Db): Promise<void> {
  const tops = await db.select({ id: categories.id, name: categories.name }).from(categories).where(isNull(categories.parentId));
  const defs = tops.flatMap((c) => (DEMO_ATTRIBUTES[c.name] ?? []).map((d, i) => ({ categoryId: c.id, name: d.name, type: d.type, options: d.options ?? [], unit: d.unit ?? '', sort: i })));
  if (defs.length) await db.insert(categoryAttributes).values(defs).onConflictDoNothing();

  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId, type: companies.type })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.phone, '18800000002'));
  if (!admin?.companyId) return;
  const caller = { userId: admin.id, companyId: admin.companyId, companyType: admin.type, isCompanyAdmin: true } as Caller;
  const skus = await db
    .select({ id: productSkus.id, onHand: productSkus.onHand })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(eq(productSkus.companyId, admin.companyId), eq(products.status, ProductStatus.ON_SALE)))
    .orderBy(asc(productSkus.id));
  if (!skus.length) return;
  const low = skus.filter((s) => s.onHand < 500).slice(0, 3).map((s) => s.id);
  if (low.length) await db.update(productSkus).set({ lowStock: 500 }).where(and(inArray(productSkus.id, low), lt(productSkus.lowStock, 500)));
  const received = await createAdjustment(db, caller, { type: AdjustmentType.IN, remark: '采购到货入库', lines: skus.slice(0, 2).map((s) => ({ skuId: s.id, quantity: 50 })) });
  await confirmAdjustment(db, caller, received.sysNo);
  await createAdjustment(db, caller, { type: AdjustmentType.COUNT, remark: '月末盘点', lines: skus.slice(2, 4).map((s) => ({ skuId: s.id, quantity: s.onHand })) });
}
