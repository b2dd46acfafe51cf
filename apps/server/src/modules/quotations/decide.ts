import { eq } from 'drizzle-orm';
import { quotationMachine } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { quotations } from '../../db/schema/index.ts';
import { transition, type TransitionActor } from '../../lib/transition.ts';
import { lockOtherLiveOffers, type QuotationRecord } from './sealed.ts';

/** The history rows of quotations (document_history.doc_type). */
export const QUOTATION_DOC = 'quotation';

/**
 * An award decides every live offer of the enquiry: the named ones 已中标, the others 未中标 — each through the
 * quotation's state table, with its history row. The winners must be locked already (sealed.ts
 * `lockOffersToAward`). Returns the losers (to tell them).
 */
export async function decideOffers(
  tx: Db,
  enquiryId: number,
  winners: QuotationRecord[],
  actor: TransitionActor,
  now: Date,
): Promise<QuotationRecord[]> {
  for (const q of winners)
    await transition(tx, {
      machine: quotationMachine,
      action: 'award',
      ctx: { expired: false },
      docType: QUOTATION_DOC,
      docId: q.id,
      from: q.status,
      actor,
      now,
      apply: async (to) => {
        await tx.update(quotations).set({ status: to, awardedAt: now, updatedAt: now }).where(eq(quotations.id, q.id));
      },
    });
  const losers = await lockOtherLiveOffers(tx, enquiryId, winners.map((q) => q.id));
  for (const q of losers)
    await transition(tx, {
      machine: quotationMachine,
      action: 'lose',
      docType: QUOTATION_DOC,
      docId: q.id,
      from: q.status,
      actor,
      now,
      apply: async (to) => {
        await tx.update(quotations).set({ status: to, updatedAt: now }).where(eq(quotations.id, q.id));
      },
    });
  return losers;
}
