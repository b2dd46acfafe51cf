import { sql } from 'drizzle-orm';
import type { FilePartiesSql } from '../files/index.ts';

/** The parties of an after-sales request may read its photos (the file host asks through registerFileParties; app.ts registers it). */
export const rmaFileParties: FilePartiesSql = (_asDoc, asString) =>
  sql`select unnest(array[r.buyer_company_id, r.seller_company_id]) from rmas r where r.photos @> jsonb_build_array(${asString})`;
