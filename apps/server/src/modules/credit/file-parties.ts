import { sql } from 'drizzle-orm';
import type { FilePartiesSql } from '../files/index.ts';

/** The parties of a credit account may read its requests' proofs (the file host asks through registerFileParties; app.ts registers it). */
export const creditFileParties: FilePartiesSql = (asDoc) =>
  sql`select unnest(array[a.buyer_company_id, a.seller_company_id])
      from credit_requests q join credit_accounts a on a.id = q.account_id where q.proof_files @> ${asDoc}`;
