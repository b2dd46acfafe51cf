import type { Db } from '../../db/client.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import type { Company, CompanyOverrides } from './companies.ts';
import { insertCompanyWithAdmin, insertPlatformAdmin, insertUser, type User, type UserOverrides } from './users.ts';

/** A user row with a live session token (sent as x-token). */
export type SignedInUser = User & { token: string };
/** A company administrator with a live session token, and the company's row. */
export type SignedInCompanyUser = SignedInUser & { companyId: number; company: Company };

/** Opens a session for the user (as a sign-in would) and returns the row with its token. */
export async function signIn(db: Db, user: User): Promise<SignedInUser> {
  const { token } = await createSession(db, user.id);
  return { ...user, token };
}

/** Inserts a user (see insertUser) and signs it in. */
export async function signedInUser(db: Db, overrides: UserOverrides = {}): Promise<SignedInUser> {
  return signIn(db, await insertUser(db, overrides));
}

/** Inserts a company with its administrator (see insertCompanyWithAdmin; user.isCompanyAdmin false makes a plain member) and signs that user in. */
export async function signedInCompanyAdmin(
  db: Db,
  overrides: { company?: CompanyOverrides; user?: UserOverrides } = {},
): Promise<SignedInCompanyUser> {
  const { company, user } = await insertCompanyWithAdmin(db, overrides);
  return { ...(await signIn(db, user)), companyId: company.id, company };
}

/** Inserts a platform administrator and signs it in. */
export async function signedInPlatformAdmin(db: Db, overrides: UserOverrides = {}): Promise<SignedInUser> {
  return signIn(db, await insertPlatformAdmin(db, overrides));
}

export type CompanyWithAdmin = Company & { admin: SignedInUser };

/** Two supplier companies (甲公司, 乙公司), each with a signed-in administrator. */
export async function twoSuppliers(db: Db): Promise<{ a: CompanyWithAdmin; b: CompanyWithAdmin }> {
  const a = await signedInCompanyAdmin(db, { company: { name: '甲公司' } });
  const b = await signedInCompanyAdmin(db, { company: { name: '乙公司' } });
  return { a: { ...a.company, admin: a }, b: { ...b.company, admin: b } };
}
