import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { MerchantStatus, type StoreSettingsInput } from '@aquamall/shared';
import { companies, products } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { safeKey } from '../../lib/storage.ts';
import type { AuthContext } from '../auth/index.ts';
import { fileKey } from '../files/index.ts';
import { areaNames } from '../enums/index.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';

export async function storeSettings(app: FastifyInstance, companyId: number) {
  const [c] = await app.db
    .select({
      merchantStatus: companies.merchantStatus,
      shopOpen: companies.shopOpen,
      shopName: companies.shopName,
      shopType: companies.shopType,
      logo: companies.logo,
      shopBanner: companies.shopBanner,
      introduction: companies.introduction,
      mainBusiness: companies.mainBusiness,
      contactName: companies.contactName,
      contactPhone: companies.contactPhone,
      provinceCode: companies.provinceCode,
      cityCode: companies.cityCode,
      districtCode: companies.districtCode,
      areaName: companies.areaName,
      address: companies.address,
      shopFloors: companies.shopFloors,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) return null;
  const { provinceCode, cityCode, districtCode, ...rest } = c;
  return { ...rest, area: provinceCode && cityCode ? [provinceCode, cityCode, ...(districtCode ? [districtCode] : [])] : [] };
}

/** Saves the shop settings of an approved merchant; floor products must be the company's own. */
export async function saveStoreSettings(app: FastifyInstance, auth: AuthContext, input: StoreSettingsInput) {
  const current = await storeSettings(app, auth.companyId!);
  if (current?.merchantStatus !== MerchantStatus.APPROVED) throw fail('STORE_BEFORE_APPROVED');
  for (const img of [input.logo, input.shopBanner]) {
    if (!img) continue;
    const key = safeKey(fileKey(img));
    if (!key || !(await app.storage.exists(key))) throw fail('STORE_IMAGE_GONE');
  }
  const names = input.area ? areaNames(input.area) : null;
  if (input.area && !names) throw fail('STORE_AREA_INVALID');
  const ids = [...new Set(input.shopFloors.flatMap((f) => f.productIds))];
  if (ids.length) {
    const own = await app.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, auth.companyId!), inArray(products.id, ids)));
    if (own.length !== ids.length) throw fail('STORE_FLOOR_FOREIGN_GOODS');
  }
  await app.db
    .update(companies)
    .set({
      shopName: input.shopName,
      logo: input.logo,
      shopBanner: input.shopBanner,
      introduction: input.introduction,
      mainBusiness: input.mainBusiness,
      contactName: input.contactName || null,
      contactPhone: input.contactPhone || null,
      address: input.address || null,
      ...(input.area && names
        ? { provinceCode: input.area[0]!, cityCode: input.area[1]!, districtCode: input.area[2] ?? null, areaName: names.join(' ') }
        : {}),
      shopFloors: input.shopFloors,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, auth.companyId!));
  goodsChanged({ companyIds: [auth.companyId!] });
  return storeSettings(app, auth.companyId!);
}

/** The company's own products for the floor picker (id, name, status), newest first, at most 500. */
export async function ownProducts(app: FastifyInstance, companyId: number) {
  return app.db
    .select({ id: products.id, name: products.name, status: products.status })
    .from(products)
    .where(eq(products.companyId, companyId))
    .orderBy(asc(products.status), asc(products.id))
    .limit(500);
}
