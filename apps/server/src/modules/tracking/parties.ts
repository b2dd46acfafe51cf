import type { Db } from '../../db/client.ts';

/**
 * Who may read an order's or a return's parcels is who is a party of that document, and the document belongs to
 * orders or after-sales. Those modules import tracking (they start parcels), so tracking cannot import them back:
 * each answers the question through the function it registers here (`isOrderParty`, `isRmaParty`), which app.ts
 * registers while it builds the app (decision 0232).
 */
export type DocumentParty = (db: Db, companyId: number, id: number) => Promise<boolean>;

const checks = new Map<'order' | 'rma', DocumentParty>();

/** Registers how to tell a party of an order's or a return's document (registering again replaces). */
export function registerParcelParties(document: 'order' | 'rma', check: DocumentParty): void {
  checks.set(document, check);
}

/** Is the company a party of the document? No check registered: nobody is. */
export async function isDocumentParty(db: Db, document: 'order' | 'rma', companyId: number, id: number): Promise<boolean> {
  const check = checks.get(document);
  return check ? check(db, companyId, id) : false;
}
