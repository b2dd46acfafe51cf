import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import type { AuthContext } from './sessions.ts';

/** A signed-in company user (companyCaller). */
export type Caller = AuthContext & { companyId: number };

/**
 * The caller (as the session plugin makes it) of a company user, for calling use cases outside a request: the
 * demo seed and tests. Throws when the user has no company.
 */
export async function callerFor(db: Db, userId: number): Promise<Caller> {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} has no company`);
  return {
    sessionId: 0,
    userId: row.user.id,
    companyId: row.company.id,
    companyType: row.company.type,
    companyName: row.company.name,
    isCompanyAdmin: row.user.isCompanyAdmin,
    isPlatformAdmin: false,
    memberLevel: row.company.memberLevel,
    isMemberVail: row.company.isMemberVail,
  };
}

/** `callerFor` the user with this phone (a demo account), or null when there is none with a company. */
export async function callerByPhone(db: Db, phone: string): Promise<Caller | null> {
  const [u] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.phone, phone));
  return u?.companyId ? callerFor(db, u.id) : null;
}

/** The name written on documents and ledger rows: real name, nickname or phone. */
export async function callerName(db: Db, userId: number): Promise<string> {
  const [u] = await db
    .select({ realName: users.realName, nickName: users.nickName, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return u ? u.realName || u.nickName || u.phone : '';
}
