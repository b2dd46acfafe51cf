import { and, inArray, sql } from 'drizzle-orm';
import { CertStatus, enumLabel, ProductStatus, type ShopCard } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';

import { openShop } from '../../merchant/index.ts';

export { openShop };

export const productCountSql = sql<number>`(select count(*)::int from products p where p.company_id = "companies"."id" and p.status = ${ProductStatus.ON_SALE})`;

export const shopCardColumns = {
  id: companies.id,
  shopName: sql<string>`coalesce(nullif(${companies.shopName}, ''), ${companies.name})`,
  companyName: companies.name,
  logo: companies.logo,
  areaName: companies.areaName,
  shopType: companies.shopType,
  mainBusiness: companies.mainBusiness,
  memberLevel: companies.memberLevel,
  certStatus: companies.certStatus,
  productCount: productCountSql,
  createdAt: companies.createdAt,
};

export interface ShopCardRow {
  id: number;
  shopName: string;
  companyName: string;
  logo: string;
  areaName: string | null;
  shopType: number | null;
  mainBusiness: string;
  memberLevel: number;
  certStatus: number;
  productCount: number;
  createdAt: Date | string;
}

export function toShopCard(r: ShopCardRow): ShopCard {
  return {
    id: r.id,
    shopName: r.shopName,
    companyName: r.companyName,
    logo: r.logo,
    areaName: r.areaName ?? '',
    shopType: r.shopType,
    shopTypeName: r.shopType ? (enumLabel('ShopType', r.shopType) ?? '') : '',
    mainBusiness: r.mainBusiness,
    memberLevel: r.memberLevel,
    certified: r.certStatus === CertStatus.CERTIFIED,
    productCount: r.productCount,
    openedAt: new Date(r.createdAt).toISOString(),
  };
}

export async function shopCards(db: Db, ids: number[]): Promise<Map<number, ShopCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(shopCardColumns)
    .from(companies)
    .where(and(openShop, inArray(companies.id, ids)));
  return new Map(rows.map((r) => [r.id, toShopCard(r)]));
}
