import { and, eq, type SQL } from 'drizzle-orm';
import { CompanyType } from '@aquamall/shared';
import { companies } from '../../db/schema/index.ts';

/** An open, enabled supplier shop. */
export const openShop: SQL = and(
  eq(companies.type, CompanyType.SUPPLIER),
  eq(companies.shopOpen, true),
  eq(companies.disabled, false),
) as SQL;
