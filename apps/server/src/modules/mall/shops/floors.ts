import { and, desc, eq, inArray } from 'drizzle-orm';
import type { GoodsItem, ShopFloor } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies, products } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { goodsColumns, toGoodsItem } from '../../search/index.ts';
import { publicProduct } from '../../search/index.ts';
import { openShop } from '../../merchant/index.ts';

const FLOOR_SIZE = 10;

/**
 * GET /api/queryFloorData/{id}: the floors the supplier arranged (title + products, hidden ones dropped), or
 * when none are set, 热销商品 and 新品上架 computed from the shop's on-sale products.
 */
export async function shopFloors(db: Db, id: number): Promise<ShopFloor[]> {
  const [shop] = await db
    .select({ floors: companies.shopFloors })
    .from(companies)
    .where(and(openShop, eq(companies.id, id)));
  if (!shop) throw fail('SHOP_NOT_FOUND');
  const mine = and(publicProduct, eq(products.companyId, id));
  const select = () =>
    db.select(goodsColumns).from(products).innerJoin(companies, eq(companies.id, products.companyId));

  const arranged = shop.floors.filter((f) => f.title && f.productIds.length);
  if (arranged.length) {
    const ids = [...new Set(arranged.flatMap((f) => f.productIds))].filter((n) => Number.isInteger(n));
    const rows = ids.length ? await select().where(and(mine, inArray(products.id, ids))) : [];
    const byId = new Map<number, GoodsItem>(rows.map((r) => [r.id, toGoodsItem(r)]));
    const floors = arranged
      .map((f) => ({
        title: f.title,
        products: f.productIds.map((pid) => byId.get(pid)).filter((g): g is GoodsItem => !!g),
      }))
      .filter((f) => f.products.length);
    if (floors.length) return floors;
  }
  const [hot, latest] = await Promise.all([
    select().where(mine).orderBy(desc(products.salesCount), desc(products.id)).limit(FLOOR_SIZE),
    select().where(mine).orderBy(desc(products.createdAt), desc(products.id)).limit(FLOOR_SIZE),
  ]);
  return [
    { title: '热销商品', products: hot.map(toGoodsItem) },
    { title: '新品上架', products: latest.map(toGoodsItem) },
  ].filter((f) => f.products.length);
}
