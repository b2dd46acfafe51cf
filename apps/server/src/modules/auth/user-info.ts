import { eq } from 'drizzle-orm';
import type { SessionUser } from '@aquamall/shared/contracts/session';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';

/** The signed-in user as the browser keeps it ("User info": docs/product/accounts.md#user-info); the contract is shared with the web. */
export type SessionUserDto = SessionUser;

/** Loads the user info answer of login and GET /api/appuser/loginuserinfo. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUserDto | null> {
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      realName: users.realName,
      nickName: users.nickName,
      avatar: users.avatar,
      email: users.email,
      gender: users.gender,
      isCompanyAdmin: users.isCompanyAdmin,
      isPlatformAdmin: users.isPlatformAdmin,
      companyId: users.companyId,
      companyName: companies.name,
      companyType: companies.type,
      isMemberVail: companies.isMemberVail,
      memberLevel: companies.memberLevel,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  const r = rows[0];
  if (!r) return null;
  return {
    userId: r.id,
    phone: r.phone,
    realName: r.realName,
    nickName: r.nickName,
    avatar: r.avatar,
    email: r.email ?? '',
    gender: r.gender ?? null,
    extension: {
      CompanyId: r.companyId ?? null,
      CompanyName: r.companyName ?? '',
      CompanyType: r.companyType ?? null,
      isMemberVail: r.isMemberVail ?? 0,
      memberLv: r.memberLevel ?? 0,
      isCompanyAdmin: r.isCompanyAdmin,
      isPlatformAdmin: r.isPlatformAdmin,
    },
  };
}
