import { sql } from 'drizzle-orm';
import { ANYONE, type FilePartiesSql } from '../files/index.ts';

/**
 * Who may read an enquiry's attachments: anyone once a public enquiry is published, else its purchaser and the
 * invited suppliers (the file host asks through registerFileParties; app.ts registers it).
 */
export const enquiryFileParties: FilePartiesSql = (asDoc) =>
  sql`select case when e.visibility = 1 and e.published_at is not null then ${ANYONE}::int else e.company_id end
      from enquiries e where e.attachments @> ${asDoc}
    union select i.supplier_company_id from enquiry_invitations i join enquiries e on e.id = i.enquiry_id where e.attachments @> ${asDoc}`;
