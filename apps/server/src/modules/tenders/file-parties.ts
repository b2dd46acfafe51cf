import { sql } from 'drizzle-orm';
import { ANYONE, type FilePartiesSql } from '../files/index.ts';

/**
 * Who may read a tender's documents: anyone once a public tender is published, else its purchaser and the
 * invited suppliers (a draft's stay its purchaser's). The bids' documents are the sealed reader's
 * (`sealedBidFileParties`, sealed.ts). The file host asks through registerFileParties; app.ts registers both.
 */
export const tenderFileParties: FilePartiesSql = (asDoc) =>
  sql`select case when b.invited_only or b.status = 0 or b.published_at > now() then b.company_id else ${ANYONE}::int end
      from bids b where b.attachments @> ${asDoc}
    union select i.company_id from tender_invitations i join bids b on b.id = i.tender_id where b.attachments @> ${asDoc}`;
