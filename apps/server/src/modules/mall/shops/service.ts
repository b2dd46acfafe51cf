import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CertStatus,
  enumLabel,
  maskPhone,
  ProductStatus,
  type CompanyOpenInfo,
  type Paged,
  type ShopCategory,
  type ShopInfo,
  type ShopListItem,
} from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { categories, companies, products } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { nameFilter } from '../../../lib/name-filter.ts';
import { shopCardColumns, toShopCard } from './card.ts';
import { openShop } from '../../merchant/index.ts';

const SHOP_PREVIEW = 4;
const shopNotFound = () => fail('SHOP_NOT_FOUND');

/** POST /api/querycompanystore: open supplier shops, by shop or company name. */
export async function queryShops(
  db: Db,
  q: { name?: string; pageIndex: number; pageSize: number },
): Promise<Paged<ShopListItem>> {
  const where = and(
    openShop,
    nameFilter(q.name, sql`coalesce(${companies.shopName}, '') || ' ' || ${companies.name}`),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(shopCardColumns)
      .from(companies)
      .where(where)
      .orderBy(desc(companies.memberLevel), desc(shopCardColumns.productCount), companies.id)
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const previews = ids.length
    ? await db
        .select({
          id: sql<number>`t.id`,
          companyId: sql<number>`t.company_id`,
          name: sql<string>`t.name`,
          price: sql<string>`t.price`,
          unit: sql<string>`t.unit`,
          defaultImage: sql<string>`t.default_image`,
        })
        .from(
          sql`(select p.id, p.company_id, p.name, p.price, p.unit, p.default_image,
                row_number() over (partition by p.company_id order by p.sales_count desc, p.id desc) as rn
              from products p where p.status = ${ProductStatus.ON_SALE} and p.company_id in (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})) t`,
        )
        .where(sql`t.rn <= ${SHOP_PREVIEW}`)
    : [];
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      ...toShopCard(r),
      products: previews
        .filter((p) => p.companyId === r.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          price: Number(p.price),
          unit: p.unit,
          defaultImage: p.defaultImage,
        })),
    })),
  };
}

async function openCompany(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(openShop, eq(companies.id, id)));
  if (!row) throw shopNotFound();
  return row;
}

/** GET /api/companystoreinfo/{id}: the shop header and contact (phone masked). */
export async function shopInfo(db: Db, id: number): Promise<ShopInfo> {
  const [row] = await db
    .select({
      ...shopCardColumns,
      banner: companies.shopBanner,
      introduction: companies.introduction,
      contactName: companies.contactName,
      contactPhone: companies.contactPhone,
      address: companies.address,
    })
    .from(companies)
    .where(and(openShop, eq(companies.id, id)));
  if (!row) throw shopNotFound();
  return {
    ...toShopCard(row),
    banner: row.banner,
    introduction: row.introduction,
    contactName: row.contactName ?? '',
    contactPhone: maskPhone(row.contactPhone),
    address: row.address ?? '',
  };
}

/** Unified social credit codes are public on the licence, but the list shows them partly masked. */
function maskCode(code: string | null): string {
  if (!code) return '';
  return code.length > 10 ? `${code.slice(0, 6)}${'*'.repeat(code.length - 10)}${code.slice(-4)}` : code;
}

/** GET /api/queryCompanyOpenInfo/{id}: the company's public registration facts. */
export async function companyOpenInfo(db: Db, id: number): Promise<CompanyOpenInfo> {
  const c = await openCompany(db, id);
  return {
    id: c.id,
    companyName: c.name,
    creditCode: maskCode(c.creditCode),
    legalPerson: c.legalPerson ?? '',
    areaName: c.areaName ?? '',
    address: c.address ?? '',
    certified: c.certStatus === CertStatus.CERTIFIED,
    shopTypeName: c.shopType ? (enumLabel('ShopType', c.shopType) ?? '') : '',
    mainBusiness: c.mainBusiness,
    introduction: c.introduction,
    memberLevel: c.memberLevel,
    registeredAt: c.createdAt.toISOString(),
  };
}

/** The shop's categories: the leaf categories of its on-sale products, with counts. */
export async function shopCategories(db: Db, id: number): Promise<ShopCategory[]> {
  await openCompany(db, id);
  const rows = await db
    .select({
      categoryCode: products.categoryCode,
      name: sql<string>`max(${categories.name})`,
      count: sql<number>`count(*)::int`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.companyId, id), eq(products.status, ProductStatus.ON_SALE)))
    .groupBy(products.categoryCode)
    .orderBy(desc(sql`count(*)`), products.categoryCode);
  return rows;
}
