import type { FastifyInstance } from 'fastify';
import type { TenderSaveInput } from '@aquamall/shared';
import { endpoints as e } from '@aquamall/shared/endpoints';
import type { Db } from '../../db/client.ts';
import { addHours } from '../../modules/jobs/schedule.ts';
import { runDueJobs } from '../../modules/jobs/runner.ts';
import { callEndpoint } from '../http.ts';
import { makeSupplier } from './products.ts';

/**
 * Hour-long tenders: the sealed-bid windows (20 and 15 days, decision 0160) lowered as demo mode allows, so a
 * tender saved now can close in an hour and open in two. Pass as `createTestApp({ env: HOUR_LONG_TENDERS })`.
 */
export const HOUR_LONG_TENDERS: Record<string, string> = { TENDER_MIN_BID_DAYS: '0', TENDER_MIN_CHANGE_DAYS: '0' };

/**
 * A tender as the purchaser's form saves it: one lot of 10 吨 聚合氯化铝 (budget ¥30,000) in a ¥500,000 tender
 * whose bids close in an hour and open in two (needs HOUR_LONG_TENDERS). Any field can be overridden.
 */
export function tenderInput(over: Partial<TenderSaveInput> = {}): TenderSaveInput {
  const now = Date.now();
  return {
    title: '水厂药剂招标',
    category: '水处理药剂',
    budget: 500000,
    budgetShown: true,
    areaName: '福建省 福州市',
    content: '<p>详见招标文件</p>',
    lots: [{ name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 30000 }],
    deadline: new Date(now + 3_600_000).toISOString(),
    openAt: new Date(now + 2 * 3_600_000).toISOString(),
    priceWeight: 60,
    ...over,
  };
}

/**
 * Saves a tender (tenderInput with `over`) and publishes it as the purchaser's token. Returns both answers for the
 * test to check, the tender's id and its lots' ids (in order; empty when either call was refused).
 */
export async function publishTender(app: FastifyInstance, token: string, over: Partial<TenderSaveInput> = {}) {
  const saved = await callEndpoint(app, token, e.tenderSave, tenderInput(over));
  const id = saved.data?.id as number;
  const published = await callEndpoint(app, token, e.tenderPublish, { id });
  const detail = published.code === 0 ? await callEndpoint(app, token, e.tenderDetail, { id }) : null;
  const lotIds = detail?.data.lots.map((l) => l.id) ?? [];
  return { saved, published, id, lotIds };
}

/**
 * A published one-lot tender (tenderInput with `over`) with one bid per unit price in `prices`, each by a new
 * supplier named `${name}-i`, then opened (its jobs run two and a half hours ahead; needs HOUR_LONG_TENDERS).
 * Returns the tender and lot ids and the bids in the order of `prices`.
 */
export async function openedTenderWithBids(app: FastifyInstance, db: Db, token: string, name: string, prices: number[], over: Partial<TenderSaveInput> = {}) {
  const { id: tenderId, lotIds } = await publishTender(app, token, over);
  const lotId = lotIds[0]!;
  const bidders = [];
  for (const [i, price] of prices.entries()) {
    const s = await makeSupplier(db, `${name}-${i}`);
    const bid = await callEndpoint(app, s.admin.token, e.tenderBid, { tenderId, prices: [{ lotId, price }], validityDays: 90, documents: [], remark: '' });
    if (bid.code !== 0) throw new Error(`bid refused: ${bid.message}`);
    bidders.push(s);
  }
  await runDueJobs(db, addHours(new Date(), 2.5));
  const opened = await callEndpoint(app, token, e.tenderDetail, { id: tenderId });
  const bids = bidders.map((s) => ({ supplier: s, bidId: opened.data.bids.find((b) => b.companyId === s.id)!.bidId }));
  return { tenderId, lotId, bids };
}
