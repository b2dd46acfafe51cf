import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users, verificationCodes } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';

export const PASSWORD = 'Demo@2026';

let seq = 0;
/** A company with one administrator user (test fixture; independent of the demo seed). */
export async function makeUser(
  db: Db,
  opts: { phone?: string; type?: number; password?: string; email?: string; adminName?: string; platformAdmin?: boolean } = {},
) {
  seq += 1;
  const phone = opts.phone ?? `139${String(Date.now() % 1e6).padStart(6, '0')}${String(seq % 100).padStart(2, '0')}`;
  const [company] = opts.platformAdmin
    ? [null]
    : await db.insert(companies).values({ name: `测试企业${seq}`, type: opts.type ?? 4 }).returning();
  const [user] = await db
    .insert(users)
    .values({
      companyId: company?.id ?? null,
      phone,
      email: opts.email ?? null,
      passwordHash: await hashPassword(opts.password ?? PASSWORD),
      realName: `测试${seq}`,
      isCompanyAdmin: !opts.platformAdmin,
      isPlatformAdmin: !!opts.platformAdmin,
      adminName: opts.adminName ?? null,
    })
    .returning();
  return { user: user!, company };
}

/** POST JSON through inject and return the envelope. */
export async function post<T = unknown>(app: FastifyInstance, url: string, body: unknown, token?: string) {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: token ? { 'x-token': token } : {} });
  return res.json() as { code: number; message: string; data: T };
}

export async function get<T = unknown>(app: FastifyInstance, url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
  return res.json() as { code: number; message: string; data: T };
}

export async function login(app: FastifyInstance, account: string, password = PASSWORD, extra: object = {}) {
  return post<{ authToken: string; userInfo: { userId: number } }>(app, '/api/appuser/login', { account, password, ...extra });
}

/** The latest sandbox code sent to a phone or e-mail (read from the dev outbox JSON). */
export async function lastCode(app: FastifyInstance, target: string): Promise<string> {
  const r = await get<{ list: { body: string }[] }>(app, `/api/dev/outbox?target=${encodeURIComponent(target)}`);
  const m = /(\d{6})/.exec(r.data?.list?.[0]?.body ?? '');
  if (!m) throw new Error(`no code for ${target}`);
  return m[1]!;
}

export async function ageCodes(db: Db, target: string, seconds: number) {
  const rows = await db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
  for (const r of rows) {
    await db
      .update(verificationCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - seconds * 1000), expiresAt: new Date(r.expiresAt.getTime() - seconds * 1000) })
      .where(eq(verificationCodes.id, r.id));
  }
}
