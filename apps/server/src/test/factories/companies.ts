import { CompanyType } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';

export type Company = typeof companies.$inferSelect;
export type CompanyOverrides = Partial<typeof companies.$inferInsert>;

let seq = 0;

/** Inserts one company (a supplier called 测试企业N unless overridden) and returns its row. */
export async function insertCompany(db: Db, overrides: CompanyOverrides = {}): Promise<Company> {
  seq += 1;
  const [row] = await db
    .insert(companies)
    .values({ name: `测试企业${process.pid}-${seq}`, type: CompanyType.SUPPLIER, ...overrides })
    .returning();
  return row!;
}
