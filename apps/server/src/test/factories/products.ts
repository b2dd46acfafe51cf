import type { FastifyInstance } from 'fastify';
import { MerchantStatus, type ProductInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, files } from '../../db/schema/index.ts';
import { call } from '../http.ts';
import { signedInCompanyAdmin } from './sessions.ts';

/** A three-level category branch; returns the leaf's id. */
export async function makeCategoryBranch(db: Db, code: string, names: [string, string, string]): Promise<{ top: number; mid: number; leaf: number }> {
  const [top] = await db.insert(categories).values({ name: names[0], categoryCode: code, level: 1 }).returning({ id: categories.id });
  const [mid] = await db.insert(categories).values({ name: names[1], categoryCode: `${code}01`, level: 2, parentId: top!.id }).returning({ id: categories.id });
  const [leaf] = await db.insert(categories).values({ name: names[2], categoryCode: `${code}0101`, level: 3, parentId: mid!.id }).returning({ id: categories.id });
  return { top: top!.id, mid: mid!.id, leaf: leaf!.id };
}

/** An approved supplier (open shop) with its administrator and an uploaded image. */
export async function makeSupplier(db: Db, name: string, opts: { approved?: boolean; memberLevel?: number; isMemberVail?: number } = {}) {
  const approved = opts.approved !== false ? { merchantStatus: MerchantStatus.APPROVED, shopOpen: true, shopName: `${name}店` } : {};
  const admin = await signedInCompanyAdmin(db, {
    company: { type: 2, name, memberLevel: opts.memberLevel ?? 0, isMemberVail: opts.isMemberVail ?? 0, ...approved },
    user: { realName: `${name}管理员` },
  });
  const id = admin.companyId;
  const image = `upload/test/${id}-1.jpg`;
  await db.insert(files).values({ path: image, mime: 'image/jpeg', size: 100, companyId: id, userId: admin.id });
  return { id, admin, image };
}

export function productBody(categoryId: number, image: string, over: Partial<ProductInput> = {}): ProductInput {
  return {
    categoryId,
    name: '聚合氯化铝 PAC 测试',
    brand: '清源',
    model: 'PAC-30',
    unit: '吨',
    minOrder: 1,
    images: [image],
    description: '<p>优质<script>alert(1)</script>净水剂</p>',
    leadTimeDays: 3,
    isPovertyRelief: false,
    attributes: [],
    skus: [
      { code: `A${Math.random().toString(36).slice(2, 8)}`, specValues: [{ name: '含量', value: '30%' }], price: 2000, priceTiers: [{ minQty: 10, price: 1900 }, { minQty: 50, price: 1800 }], stock: 100, lowStock: 5 },
      { code: `B${Math.random().toString(36).slice(2, 8)}`, specValues: [{ name: '含量', value: '28%' }], price: 1800, priceTiers: [], stock: 20, lowStock: 0 },
    ],
    ...over,
  };
}

export const api = (app: FastifyInstance) => ({
  post: <T = unknown>(token: string | null, url: string, body: unknown = {}) => call<T>(app, token, 'POST', url, body),
  get: <T = unknown>(token: string | null, url: string) => call<T>(app, token, 'GET', url),
});
