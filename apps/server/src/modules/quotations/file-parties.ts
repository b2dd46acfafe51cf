import { sql } from 'drizzle-orm';
import type { FilePartiesSql } from '../files/index.ts';

/** The parties of a quotation may read its attachments, its versions' and its thread's (the file host asks through registerFileParties; app.ts registers it). */
export const quotationFileParties: FilePartiesSql = (asDoc) =>
  sql`select unnest(array[q.buyer_company_id, q.supplier_company_id]) from quotations q
      where q.attachments @> ${asDoc}
        or exists (select 1 from quotation_versions v where v.quotation_id = q.id and v.attachments @> ${asDoc})
        or exists (select 1 from quotation_messages m where m.quotation_id = q.id and m.attachments @> ${asDoc})`;
