import { sql } from 'drizzle-orm';
import type { FilePartiesSql } from '../files/index.ts';

/** The parties of an invoice may read its files (the file host asks through registerFileParties; app.ts registers it). */
export const invoiceFileParties: FilePartiesSql = (asDoc) =>
  sql`select unnest(array[i.buyer_company_id, i.seller_company_id]) from invoices i where i.files @> ${asDoc}`;
