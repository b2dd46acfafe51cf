import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_AGREEMENT_VERSION } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies, users } from '../../../db/schema/index.ts';
import { createSession } from '../../auth/sessions.ts';

let seq = 0;
const uniquePhone = () => `139${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 100).padStart(2, '0')}`;

/** A company with an administrator and a session token (the login API is another module's). */
export async function companyUser(db: Db, opts: { type?: 2 | 4; name?: string; isCompanyAdmin?: boolean } = {}) {
  const [c] = await db
    .insert(companies)
    .values({ name: opts.name ?? `测试企业${crypto.randomInt(1e6)}有限公司`, type: opts.type ?? 2 })
    .returning();
  const phone = uniquePhone();
  const [u] = await db
    .insert(users)
    .values({ companyId: c!.id, phone, passwordHash: 'x', realName: '张经理', isCompanyAdmin: opts.isCompanyAdmin ?? true })
    .returning();
  const { token } = await createSession(db, u!.id);
  return { companyId: c!.id, userId: u!.id, phone, token };
}

export async function platformAdmin(db: Db, name = `admin${++seq}`) {
  const [u] = await db
    .insert(users)
    .values({ phone: `a-${name}`, adminName: name, passwordHash: 'x', isPlatformAdmin: true })
    .returning();
  const { token } = await createSession(db, u!.id);
  return { userId: u!.id, name, token };
}

/** Puts a tiny PNG into storage and answers its fileRelativePath. */
export async function uploadedFile(app: FastifyInstance, name = `${crypto.randomUUID()}.png`) {
  const key = `uploads/test/${name}`;
  await app.storage.put(key, Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
  return key;
}

/** A complete application for a manufacturer whose licence is not 三证合一. */
export async function fullApplication(app: FastifyInstance, over: Record<string, unknown> = {}) {
  return {
    shopType: 1,
    shopName: '蓝源水处理旗舰店',
    companyName: '福州蓝源环保科技有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '林海',
    contactName: '陈静',
    contactPhone: '13905910001',
    contactEmail: 'chen@example.com',
    address: '福建省福州市鼓楼区五四路88号',
    mainBusiness: '聚合氯化铝、聚丙烯酰胺',
    threeInOne: false,
    documents: {
      license: [await uploadedFile(app)],
      taxRegistration: [await uploadedFile(app)],
      orgCode: [await uploadedFile(app)],
      productionLicense: [await uploadedFile(app)],
    },
    agreement: { version: MERCHANT_AGREEMENT_VERSION, agreed: true },
    ...over,
  };
}

export function call(app: FastifyInstance, token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return app
    .inject({ method, url, headers: token ? { 'x-token': token } : {}, ...(method === 'POST' ? { payload: payload ?? {} } : {}) })
    .then((r) => r.json() as { code: number; message: string; data: any }); // eslint-disable-line @typescript-eslint/no-explicit-any
}
