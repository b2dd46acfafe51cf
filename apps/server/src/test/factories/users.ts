import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertCompany, type Company, type CompanyOverrides } from './companies.ts';
import { enrolTwoFactor } from './two-factor.ts';

export type User = typeof users.$inferSelect;
/** Column overrides, plus `password`: hashed into passwordHash (without it the user cannot sign in by password). */
export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

/** The password tests give the users who sign in (the demo accounts' password too). */
export const TEST_PASSWORD = 'Demo@2026';

let phoneSeq = 0;
/** A fresh mainland mobile number, unique per test process. */
export const newPhone = () => `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/** Inserts users (each a plain member of no company unless overridden) in one statement and returns their rows. */
export async function insertUsers(db: Db, list: UserOverrides[]): Promise<User[]> {
  const values = await Promise.all(
    list.map(async ({ password, ...columns }) => ({
      phone: newPhone(),
      realName: '测试用户',
      ...columns,
      passwordHash: password !== undefined ? await hashPassword(password) : (columns.passwordHash ?? 'x'),
    })),
  );
  return db.insert(users).values(values).returning();
}

/** Inserts one user (a plain member of no company unless overridden) and returns its row. */
export async function insertUser(db: Db, overrides: UserOverrides = {}): Promise<User> {
  const [row] = await insertUsers(db, [overrides]);
  return row!;
}

let adminSeq = 0;
/** Inserts a platform administrator (no company; signs in to the console by adminName) and returns its row. */
export async function insertPlatformAdmin(db: Db, overrides: UserOverrides = {}): Promise<User> {
  adminSeq += 1;
  const user = await insertUser(db, { adminName: `admin${process.pid}-${adminSeq}`, ...overrides, companyId: null, isPlatformAdmin: true });
  // Two-factor sign-in is mandatory for platform administrators: enrolled with the documented demo secret.
  await enrolTwoFactor(db, user.id);
  return user;
}

/** Inserts a company and its administrator user; returns both rows. */
export async function insertCompanyWithAdmin(
  db: Db,
  overrides: { company?: CompanyOverrides; user?: UserOverrides } = {},
): Promise<{ company: Company; user: User }> {
  const company = await insertCompany(db, overrides.company);
  const user = await insertUser(db, { isCompanyAdmin: true, ...overrides.user, companyId: company.id });
  return { company, user };
}
