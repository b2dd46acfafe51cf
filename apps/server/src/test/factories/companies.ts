import { CompanyType } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export type Company = typeof companies.$inferSelect;
export type CompanyOverrides = Partial<typeof companies.$inferInsert>;

let seq = 0;

/** Inserts companies (each a supplier called 测试企业N unless overridden) in one statement and returns their rows. */
export async function insertCompanies(db: Db, list: CompanyOverrides[]): Promise<Company[]> {
  const values = list.map((overrides) => ({ name: `测试企业${process.pid}-${++seq}`, type: CompanyType.SUPPLIER, ...overrides }));
  return db.insert(companies).values(values).returning();
}

/** Inserts one company (a supplier called 测试企业N unless overridden) and returns its row. */
export async function insertCompany(db: Db, overrides: CompanyOverrides = {}): Promise<Company> {
  const [row] = await insertCompanies(db, [overrides]);
  return row!;
}
