import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BidStatus, stateMatrix, tenderBidMachine, tenderLotMachine, tenderMachine } from '@aquamall/shared';
import { useTestApp } from '../../test/use-app.ts';
import { bids, documentHistory, tenderBids, tenderLots, tenderObjections } from '../../db/schema/index.ts';
import { HOUR_LONG_TENDERS, makePurchaser, makeSupplier, tenderInput } from '../../test/factories/index.ts';
import { tenderJobHandlers } from './jobs.ts';
import { TENDER_JOBS } from './common.ts';
import { jobsOf } from '../jobs/schedule.ts';

/**
 * The tender's state table (packages/shared/src/machines/tender.ts) walked with `stateMatrix`: for every action,
 * a tender in each state its table does not admit is refused by the real command with the table's text (the
 * system's timed actions leave it alone), and nothing changes. Statuses are set directly to build each state.
 */

const { db, http } = useTestApp({ env: HOUR_LONG_TENDERS });

const body = (over: object = {}) => tenderInput({ title: '状态表招标', ...over });

describe('tender state table', () => {
  it('every command refuses every state the table does not admit, with the table text, and changes nothing', async () => {
    const buyer = await makePurchaser(db(), '状态表招标采购商');
    const supplier = await makeSupplier(db(), '状态表投标供应商');
    const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', body());
    const id = saved.data.id;
    expect((await http.post(buyer.token, '/api/tender/publish', { id })).code).toBe(0);
    // A bidder (so 提出异议 reaches the state rule) during a running publicity period (so only the state refuses).
    await db().insert(tenderBids).values({ tenderId: id, companyId: supplier.id, status: 1, version: 1 });
    const later = new Date(Date.now() + 86_400_000);
    await db().update(bids).set({ publicityEndsAt: later }).where(eq(bids.id, id));
    const [lot] = await db().select({ id: tenderLots.id }).from(tenderLots).where(eq(tenderLots.tenderId, id));
    const snapshot = async () => ({
      tender: (await db().select().from(bids).where(eq(bids.id, id)))[0],
      history: await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'tender'), eq(documentHistory.docId, id))),
      jobs: await jobsOf(db(), Object.values(TENDER_JOBS), id),
      objections: await db().select().from(tenderObjections).where(eq(tenderObjections.tenderId, id)),
    });
    const commands: Record<string, () => Promise<{ message: string }>> = {
      edit: () => http.post(buyer.token, '/api/tender/save', body({ id })),
      amend: () => http.post(buyer.token, '/api/tender/save', body({ id })),
      publish: () => http.post(buyer.token, '/api/tender/publish', { id }),
      evaluate: () => http.post(buyer.token, '/api/tender/score', { tenderId: id, scores: [{ lotId: lot!.id, bidId: 1, priceScore: 1, techScore: 1 }] }),
      publishResult: () => http.post(buyer.token, '/api/tender/publishResult', { tenderId: id, title: '中标公告' }),
      object: () => http.post(supplier.admin.token, '/api/tender/object', { tenderId: id, reason: '状态表测试' }),
    };
    const system: Record<string, string> = { close: TENDER_JOBS.CLOSE, fail: TENDER_JOBS.CLOSE, open: TENDER_JOBS.OPEN, endPublicity: TENDER_JOBS.PUBLICITY_END };
    let walked = 0;
    for (const { action, state, allowed } of stateMatrix(tenderMachine)) {
      if (allowed) continue;
      // One save command edits a draft (编辑) or amends a tender 招标中 (修改招标) by its status.
      if (action === 'edit' && state === BidStatus.OPEN) continue;
      if (action === 'amend' && state === BidStatus.DRAFT) continue;
      // 流标 and 开标 run after 投标截止 in the same job when the tender is still 招标中 (jobs.ts): from that
      // state the job closes it first, so only the other states are theirs to refuse.
      // A draft does not exist for a supplier (招标项目不存在, isolation before any state rule).
      if (action === 'object' && state === BidStatus.DRAFT) continue;
      if ((action === 'fail' || action === 'open') && tenderMachine.can('close', state)) continue;
      await db().update(bids).set({ status: state }).where(eq(bids.id, id));
      const before = await snapshot();
      const job = system[action];
      if (job) {
        // The system's timed rules: past every due time, a state the table does not admit is left alone.
        const handler = tenderJobHandlers[job as keyof typeof tenderJobHandlers];
        await db().transaction((tx) => handler(tx as never, id, new Date(Date.now() + 30 * 86_400_000)));
      } else {
        const res = await commands[action]!();
        expect(res.message, `${action} from ${state}`).toBe(tenderMachine.refusal(action as never, state, { inPublicity: true }));
      }
      expect(await snapshot(), `${action} from ${state}`).toEqual(before);
      walked++;
    }
    expect(walked).toBeGreaterThan(30);
  });

  it('a bid and a lot refuse every state their tables do not admit, with the table text, and change nothing', async () => {
    const buyer = await makePurchaser(db(), '状态表标段采购商');
    const supplier = await makeSupplier(db(), '状态表标段供应商');
    const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', body());
    const id = saved.data.id;
    expect((await http.post(buyer.token, '/api/tender/publish', { id })).code).toBe(0);
    const [bid] = await db().insert(tenderBids).values({ tenderId: id, companyId: supplier.id, status: 1, version: 1 }).returning();
    const [lot] = await db().select().from(tenderLots).where(eq(tenderLots.tenderId, id));
    const rows = async () => ({
      bid: (await db().select().from(tenderBids).where(eq(tenderBids.id, bid!.id)))[0],
      lot: (await db().select().from(tenderLots).where(eq(tenderLots.id, lot!.id)))[0],
    });
    // The supplier's own commands on its bid, while the tender takes bids.
    const bidCommands = {
      withdraw: () => http.post(supplier.admin.token, '/api/tender/withdraw', { id }),
      reconfirm: () => http.post(supplier.admin.token, '/api/tender/reconfirm', { id, amendedAt: new Date().toISOString() }),
    };
    let walked = 0;
    for (const { action, state, allowed } of stateMatrix(tenderBidMachine, 'seller')) {
      if (allowed || !(action in bidCommands)) continue;
      await db().update(tenderBids).set({ status: state }).where(eq(tenderBids.id, bid!.id));
      const before = await rows();
      const res = await bidCommands[action as keyof typeof bidCommands]();
      expect(res.message, `${action} from ${state}`).toBe(tenderBidMachine.refusal(action, state));
      expect(await rows()).toEqual(before);
      walked++;
    }
    // The purchaser's scoring and award of a lot, once the tender is opened.
    await db().update(bids).set({ status: BidStatus.OPENED, openedAt: new Date() }).where(eq(bids.id, id));
    const lotCommands = {
      score: () => http.post(buyer.token, '/api/tender/score', { tenderId: id, scores: [{ lotId: lot!.id, bidId: bid!.id, priceScore: 1, techScore: 1 }] }),
      award: () => http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: lot!.id, bidId: bid!.id }),
    };
    for (const { action, state, allowed } of stateMatrix(tenderLotMachine, 'buyer')) {
      if (allowed || !(action in lotCommands)) continue;
      await db().update(tenderLots).set({ status: state }).where(eq(tenderLots.id, lot!.id));
      const before = await rows();
      const res = await lotCommands[action as keyof typeof lotCommands]();
      expect(res.message, `${action} from ${state}`).toBe(tenderLotMachine.refusal(action, state, lot!));
      expect(await rows()).toEqual(before);
      walked++;
    }
    expect(walked).toBe(9);
  });
});
