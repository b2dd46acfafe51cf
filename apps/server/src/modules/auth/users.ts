import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

export interface UserRow {
  id: number;
  phone: string;
  passwordHash: string;
  disabled: boolean;
  companyDisabled: boolean;
}

const select = {
  id: users.id,
  phone: users.phone,
  passwordHash: users.passwordHash,
  disabled: users.disabled,
  companyDisabled: sql<boolean>`coalesce(${companies.disabled}, false)`,
};

/** A user by phone number, or by platform admin name (login account of docs/product/interface.md#input-rules). */
export async function findByAccount(db: Db, account: string): Promise<UserRow | null> {
  const a = account.trim();
  const where = /^1\d{10}$/.test(a) ? eq(users.phone, a) : sql`lower(${users.adminName}) = ${a.toLowerCase()}`;
  const rows = await db.select(select).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).limit(1);
  return rows[0] ?? null;
}

export async function findByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const rows = await db.select(select).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.phone, phone)).limit(1);
  return rows[0] ?? null;
}

export async function findByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select(select)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .orderBy(users.id)
    .limit(1);
  return rows[0] ?? null;
}

export const isBlocked = (u: UserRow) => u.disabled || u.companyDisabled;

/** Codes for login, password recovery and WeChat binding reach only registered, unblocked users (codes/send.ts). */
export async function isCodeRecipient(db: Db, target: string, channel: 'sms' | 'email'): Promise<boolean> {
  const user = channel === 'sms' ? await findByPhone(db, target) : await findByEmail(db, target);
  return !!user && !isBlocked(user);
}
