import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MERCHANT_AGREEMENT_VERSION } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies, users } from '../../../db/schema/index.ts';
import { createSession } from '../../auth/sessions.ts';
import { image, multipartBody } from '../../files/test/fixtures.ts';

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

/** Uploads a small PNG as the token's user (recorded for its company) and answers its fileRelativePath. */
export async function uploadedFile(app: FastifyInstance, token: string) {
  const { payload, headers } = await multipartBody([{ name: 'doc.png', body: await image(24, 24, 'png') }]);
  const res = await app.inject({ method: 'POST', url: '/file/upload', payload, headers: { ...headers, 'x-token': token } });
  const body = res.json<{ code: number; data: { fileRelativePath: string }[] }>();
  if (body.code !== 0) throw new Error(`test upload failed: ${res.body}`);
  return body.data[0]!.fileRelativePath;
}

/** A complete application for a manufacturer whose licence is not 三证合一. */
export async function fullApplication(app: FastifyInstance, token: string, over: Record<string, unknown> = {}) {
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
      license: [await uploadedFile(app, token)],
      taxRegistration: [await uploadedFile(app, token)],
      orgCode: [await uploadedFile(app, token)],
      productionLicense: [await uploadedFile(app, token)],
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
