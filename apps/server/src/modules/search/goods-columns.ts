import { sql } from 'drizzle-orm';
import type { GoodsItem } from '@aquamall/shared';
import { companies, products } from '../../db/schema/index.ts';

/** The columns of a goods card (products joined with companies). */
export const goodsColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  model: products.model,
  spec: products.spec,
  unit: products.unit,
  price: products.price,
  /** The default image, else the first of the gallery (read in SQL: the gallery itself is not fetched). */
  defaultImage: sql<string>`coalesce(nullif(${products.defaultImage}, ''), ${products.images}->>0, '')`,
  categoryCode: products.categoryCode,
  companyId: products.companyId,
  shopName: sql<string>`coalesce(nullif(${companies.shopName}, ''), ${companies.name})`,
  salesCount: products.salesCount,
  stock: products.stock,
  minOrder: products.minOrder,
  isPovertyRelief: products.isPovertyRelief,
  originName: products.originName,
  createdAt: products.createdAt,
};

/** A goods card as read from the database (price as numeric text, the date as the driver gives it). */
export type GoodsRow = Omit<GoodsItem, 'price' | 'createdAt'> & { price: string; createdAt: Date | string };

export function toGoodsItem(r: GoodsRow): GoodsItem {
  return {
    id: r.id,
    name: r.name,
    brand: r.brand,
    model: r.model,
    spec: r.spec,
    unit: r.unit,
    price: Number(r.price),
    defaultImage: r.defaultImage,
    categoryCode: r.categoryCode,
    companyId: r.companyId,
    shopName: r.shopName,
    salesCount: r.salesCount,
    stock: r.stock,
    minOrder: r.minOrder,
    isPovertyRelief: r.isPovertyRelief,
    originName: r.originName,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}
