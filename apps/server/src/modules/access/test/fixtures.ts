import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { companies, roles, userRoles, users } from '../../../db/schema/index.ts';
import { createSession } from '../../auth/sessions.ts';

let phoneSeq = 0;
/** A fresh mainland mobile number, unique per test process. */
export const newPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

export async function makeCompany(
  db: Db,
  opts: { type: 2 | 4; memberLevel?: number; isMemberVail?: number; name?: string },
): Promise<number> {
  const [row] = await db
    .insert(companies)
    .values({
      name: opts.name ?? `测试企业${crypto.randomBytes(3).toString('hex')}`,
      type: opts.type,
      memberLevel: opts.memberLevel ?? 0,
      isMemberVail: opts.isMemberVail ?? 0,
    })
    .returning({ id: companies.id });
  return row!.id;
}

export async function makeUser(
  db: Db,
  companyId: number | null,
  opts: { admin?: boolean; platformAdmin?: boolean; realName?: string } = {},
): Promise<{ id: number; token: string; phone: string }> {
  const phone = newPhone();
  const [row] = await db
    .insert(users)
    .values({
      companyId,
      phone,
      passwordHash: 'x',
      realName: opts.realName ?? '测试用户',
      isCompanyAdmin: !!opts.admin,
      isPlatformAdmin: !!opts.platformAdmin,
    })
    .returning({ id: users.id });
  const { token } = await createSession(db, row!.id);
  return { id: row!.id, token, phone };
}

export async function presetId(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.presetKey, key), isNull(roles.companyId)));
  return row!.id;
}

export async function giveRole(db: Db, userId: number, roleId: number) {
  await db.insert(userRoles).values({ userId, roleId });
}

/** Calls the API as a token holder and returns the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ code: number; message: string; data: T }> {
  const res = await app.inject({
    method,
    url,
    headers: token ? { 'x-token': token } : {},
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
  });
  return res.json();
}

export interface CompanyWithAdmin {
  id: number;
  admin: { id: number; token: string };
}

/** Two supplier companies (甲公司, 乙公司), each with a signed-in administrator. */
export async function twoSuppliers(db: Db): Promise<{ a: CompanyWithAdmin; b: CompanyWithAdmin }> {
  const aId = await makeCompany(db, { type: 2, name: '甲公司' });
  const bId = await makeCompany(db, { type: 2, name: '乙公司' });
  return {
    a: { id: aId, admin: await makeUser(db, aId, { admin: true }) },
    b: { id: bId, admin: await makeUser(db, bId, { admin: true }) },
  };
}
