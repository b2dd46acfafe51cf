import { sql } from 'drizzle-orm';
import type { FilePartiesSql } from '../files/index.ts';

/** The parties of an order may read its payment proofs (the file host asks through registerFileParties; app.ts registers it). */
export const orderFileParties: FilePartiesSql = (_asDoc, asString) =>
  sql`select unnest(array[o.buyer_company_id, o.seller_company_id])
      from order_payments p join orders o on o.id = p.order_id where p.proof_files @> jsonb_build_array(${asString})`;
