import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  BidStatus,
  CertStatus,
  Code,
  EnquiryStatus,
  TenderBidStatus,
  TenderLotStatus,
  type TenderDetail,
  type TenderSaveInput,
} from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { bids, companies, enquiries, jobs, messages, tenderBids } from '../../db/schema/index.ts';
import { api, insertEnquiry, insertOffer, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { addDays, addHours } from '../jobs/schedule.ts';
import { callerFor } from '../auth/caller.ts';
import { TENDER_JOBS } from './common.ts';
import { saveTender } from './purchaser.ts';
import { loadBidContent } from './sealed.ts';
import { reconfirmBid } from './supplier.ts';
import { jobsOf } from '../jobs/schedule.ts';

/**
 * The promises of sealed bids (decision 0160), on the platform's own windows: no TENDER_MIN_* settings are given,
 * so a tender needs 20 days of bidding and a change of its documents leaves 15.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const DAY = 86_400_000;
let seq = 0;

/** A honest supplier's price: it must never reach the purchaser unless that bid was confirmed and qualified. */
const HONEST = 9876.54;
const leaksHonest = (body: unknown) => {
  const text = JSON.stringify(body);
  return [HONEST.toFixed(2), (HONEST * 10).toFixed(2), (HONEST * 2).toFixed(2)].filter((s) => text.includes(s));
};

function body(deadline: Date, over: Partial<TenderSaveInput> = {}): TenderSaveInput {
  return {
    title: `封闭投标规则测试${++seq}`,
    category: '水处理药剂',
    budget: 500000,
    content: '<p>详见招标文件</p>',
    lots: [
      { name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨' },
      { name: '聚丙烯酰胺', spec: '阳离子', quantity: 2, unit: '吨' },
    ],
    deadline: deadline.toISOString(),
    openAt: deadline.toISOString(),
    priceWeight: 60,
    ...over,
  };
}

type Purchaser = Awaited<ReturnType<typeof makePurchaser>>;
type Supplier = Awaited<ReturnType<typeof makeSupplier>>;

const detail = (token: string, id: number) => http.get<TenderDetail>(token, `/api/tender/detail?id=${id}`);
const bid = (s: Supplier, tenderId: number, prices: { lotId: number; price: number }[]) =>
  http.post<{ version: number }>(s.admin.token, '/api/tender/bid', { tenderId, prices, validityDays: 90 });
const amendBody = (d: TenderDetail, over: Partial<TenderSaveInput>): TenderSaveInput => ({
  id: d.id,
  title: d.title,
  category: d.category,
  budget: d.budget === null ? null : Number(d.budget),
  content: d.content,
  lots: d.lots.map((l) => ({ id: l.id, name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit })),
  minMemberLevel: d.minMemberLevel,
  certRequired: d.certRequired,
  shopTypes: d.shopTypes,
  deadline: d.deadline!,
  openAt: d.openAt!,
  priceWeight: d.priceWeight,
  ...over,
});
const tenderRow = async (id: number) => (await db().select().from(bids).where(eq(bids.id, id)))[0]!;
const bidRow = async (tenderId: number, companyId: number) =>
  (await db().select().from(tenderBids).where(and(eq(tenderBids.tenderId, tenderId), eq(tenderBids.companyId, companyId))))[0]!;
const certify = (s: Supplier, status: number = CertStatus.CERTIFIED) =>
  db().update(companies).set({ certStatus: status }).where(eq(companies.id, s.id));

async function publishedTender(buyer: Purchaser, deadline: Date, over: Partial<TenderSaveInput> = {}) {
  const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', body(deadline, over));
  expect(saved.code, saved.message).toBe(0);
  const pub = await http.post(buyer.token, '/api/tender/publish', { id: saved.data.id });
  expect(pub, pub.message).toMatchObject({ code: 0 });
  return (await detail(buyer.token, saved.data.id)).data;
}

async function suppliers(n: number, name: string) {
  const out: Supplier[] = [];
  for (let i = 0; i < n; i++) out.push(await makeSupplier(db(), `${name}${++seq}`));
  return out;
}

describe('sealed tenders: the reported attack', () => {
  it('a purchaser cannot bring the deadline forward to open bids early; an unconfirmed bid is never opened', async () => {
    const buyer = await makePurchaser(db(), '提前开标采购商');
    const [honest] = await suppliers(1, '诚实供应商');
    const puppets = await suppliers(3, '新注册未认证供应商');
    const original = new Date(Date.now() + 21 * DAY);
    const d = await publishedTender(buyer, original);
    const [l1] = d.lots;
    expect((await bid(honest!, d.id, [{ lotId: l1!.id, price: HONEST }])).code).toBe(0);
    for (const [i, p] of puppets.entries()) expect((await bid(p, d.id, [{ lotId: l1!.id, price: 1000 + i }])).code).toBe(0);

    // The purchaser amends the deadline to a few seconds ahead: refused, nothing changes.
    const soon = new Date(Date.now() + 5_000).toISOString();
    const amend = await http.post(buyer.token, '/api/tender/save', amendBody(d, { deadline: soon, openAt: soon }));
    expect(amend.code).not.toBe(0);
    expect(amend.message).toMatch(/截止时间只能延后/);
    expect((await tenderRow(d.id)).deadline!.getTime()).toBe(new Date(d.deadline!).getTime());
    expect((await bidRow(d.id, honest!.id)).status).toBe(TenderBidStatus.SUBMITTED);
    const [close] = await db().select().from(jobs).where(and(eq(jobs.refId, d.id), eq(jobs.kind, TENDER_JOBS.CLOSE)));
    expect(close!.runAt.getTime()).toBe(new Date(d.deadline!).getTime());

    // The puppets "reconfirm" and the clock runs a minute on: nothing closes, nothing opens, nothing leaks.
    const amendedAt = new Date().toISOString();
    for (const p of puppets) await http.post(p.admin.token, '/api/tender/reconfirm', { id: d.id, amendedAt });
    await runDueJobs(db(), new Date(Date.now() + 60_000));
    const still = await detail(buyer.token, d.id);
    expect(still.data).toMatchObject({ status: BidStatus.OPEN, bids: [], openingRecord: null });
    expect(leaksHonest(still)).toEqual([]);

    // A change of the documents instead: the honest bid goes 待确认 and the deadline keeps 15 days; if the honest
    // supplier does not reconfirm, its bid is withdrawn at the deadline and never read, even by the purchaser.
    const changed = await http.post(buyer.token, '/api/tender/save', amendBody(d, { content: '<p>补充技术要求</p>' }));
    expect(changed.code, changed.message).toBe(0);
    const after = await tenderRow(d.id);
    expect(after.deadline!.getTime()).toBeGreaterThanOrEqual(original.getTime());
    for (const p of puppets) expect((await http.post(p.admin.token, '/api/tender/reconfirm', { id: d.id, amendedAt: after.amendedAt!.toISOString() })).code).toBe(0);
    await runDueJobs(db(), new Date(after.deadline!.getTime() + 60_000));
    const opened = await detail(buyer.token, d.id);
    expect(opened.data.status).toBe(BidStatus.OPENED);
    expect(opened.data.bids.map((b) => b.companyId).sort()).toEqual(puppets.map((p) => p.id).sort());
    expect(leaksHonest(opened)).toEqual([]);
    expect((await bidRow(d.id, honest!.id)).status).toBe(TenderBidStatus.WITHDRAWN);
    const [told] = await db().select().from(messages).where(and(eq(messages.companyId, honest!.id), like(messages.title, '%投标无效%')));
    expect(told?.content).toContain('未在截止前确认');
  });
});

describe('sealed tenders: windows', () => {
  it('publishing with a bidding window shorter than TENDER_MIN_BID_DAYS (20 days) is refused and changes nothing', async () => {
    const buyer = await makePurchaser(db(), '窗口采购商');
    const short = await http.post<{ id: number }>(buyer.token, '/api/tender/save', body(new Date(Date.now() + 19 * DAY)));
    expect(short.code).toBe(0);
    const refused = await http.post(buyer.token, '/api/tender/publish', { id: short.data.id });
    expect(refused.code).toBe(Code.INVALID);
    expect(refused.message).toMatch(/^投标截止时间距发布不得少于20天，最早可设为 \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await tenderRow(short.data.id)).toMatchObject({ status: BidStatus.DRAFT });
    expect(await jobsOf(db(), Object.values(TENDER_JOBS), short.data.id)).toEqual([]);
    const rules = await http.get(buyer.token, '/api/tender/rules');
    expect(rules).toMatchObject({ code: 0, data: { minBidDays: 20, minChangeDays: 15 } });
    const d = await publishedTender(buyer, new Date(Date.now() + 20 * DAY + 60_000));
    expect(d.status).toBe(BidStatus.OPEN);
  });

  it('an amendment never moves the deadline earlier; a change of documents keeps 15 days and tells every registered supplier', async () => {
    const buyer = await makePurchaser(db(), '变更采购商');
    const [a, b, c] = await suppliers(3, '变更供应商');
    const d = await publishedTender(buyer, new Date(Date.now() + 20 * DAY + 3_600_000));
    expect((await bid(a!, d.id, [{ lotId: d.lots[0]!.id, price: 100 }])).code).toBe(0);
    expect((await http.post(b!.admin.token, '/api/tender/register', { id: d.id })).code).toBe(0);

    const earlier = new Date(new Date(d.deadline!).getTime() - 60_000).toISOString();
    const refused = await http.post(buyer.token, '/api/tender/save', amendBody(d, { deadline: earlier, openAt: d.openAt! }));
    expect(refused).toMatchObject({ code: Code.INVALID, message: '投标截止时间只能延后，不能提前' });

    // Only the contact and a later deadline: not a change of documents; bids stay as they are.
    const later = new Date(new Date(d.deadline!).getTime() + DAY).toISOString();
    expect((await http.post(buyer.token, '/api/tender/save', amendBody(d, { contactPhone: '13900000000', deadline: later, openAt: later }))).code).toBe(0);
    expect((await bidRow(d.id, a!.id)).status).toBe(TenderBidStatus.SUBMITTED);
    expect((await tenderRow(d.id)).deadline!.toISOString()).toBe(later);

    // 18 days later (2 days left), the lots' specification changes: the deadline moves to 15 days from then.
    const caller = await callerFor(db(), buyer.id);
    const now = addDays(new Date(), 18);
    const cur = (await detail(buyer.token, d.id)).data;
    const lots = cur.lots.map((l) => ({ id: l.id, name: l.name, spec: '含量≥30%', quantity: l.quantity, unit: l.unit }));
    await saveTender(db(), caller, amendBody(cur, { lots }), t.app.config.tenderWindows, now);
    const row = await tenderRow(d.id);
    expect(row.deadline!.getTime()).toBe(now.getTime() + 15 * DAY);
    expect(row.openAt!.getTime()).toBeGreaterThanOrEqual(row.deadline!.getTime());
    const [close] = await db().select().from(jobs).where(and(eq(jobs.refId, d.id), eq(jobs.kind, TENDER_JOBS.CLOSE)));
    expect(close!.runAt.getTime()).toBe(row.deadline!.getTime());
    expect((await bidRow(d.id, a!.id)).status).toBe(TenderBidStatus.TO_CONFIRM);
    const told = async (s: Supplier) =>
      db().select().from(messages).where(and(eq(messages.companyId, s.id), like(messages.title, `%${d.title}%已变更%`)));
    // Beijing time to the minute: UTC+8 all year.
    const when = new Date(row.deadline!.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect((await told(a!)).at(-1)?.content).toContain('重新确认');
    expect((await told(a!)).at(-1)?.content).toContain(when);
    expect((await told(b!)).at(-1)?.content).toContain(when);
    expect(await told(c!)).toEqual([]);
  });
});

describe('sealed tenders: only confirmed, qualified bids count and are ever opened', () => {
  it('待确认 and unqualified bids do not count towards three, are withdrawn at the deadline, and the sealed reader never answers them', async () => {
    const buyer = await makePurchaser(db(), '资格复核采购商');
    const [s1, s2, s3, unconfirmed, lapsed] = await suppliers(5, '认证供应商');
    for (const s of [s1, s2, s3, unconfirmed, lapsed]) await certify(s!);
    const d = await publishedTender(buyer, new Date(Date.now() + 21 * DAY), { certRequired: true });
    const [l1, l2] = d.lots;
    // Lot 1: three bidders who stay valid. Lot 2: two valid, one left 待确认, one whose certification lapses.
    for (const s of [s1, s2]) expect((await bid(s!, d.id, [{ lotId: l1!.id, price: 100 }, { lotId: l2!.id, price: 200 }])).code).toBe(0);
    expect((await bid(s3!, d.id, [{ lotId: l1!.id, price: 101 }])).code).toBe(0);
    expect((await bid(unconfirmed!, d.id, [{ lotId: l2!.id, price: HONEST }])).code).toBe(0);
    expect((await bid(lapsed!, d.id, [{ lotId: l2!.id, price: HONEST * 2 }])).code).toBe(0);
    expect((await http.post(buyer.token, '/api/tender/save', amendBody(d, { content: '<p>更新的技术要求</p>' }))).code).toBe(0);
    const amendedAt = (await tenderRow(d.id)).amendedAt!.toISOString();
    for (const s of [s1, s2, s3, lapsed]) expect((await http.post(s!.admin.token, '/api/tender/reconfirm', { id: d.id, amendedAt })).code).toBe(0);
    await certify(lapsed!, CertStatus.NONE);
    // A supplier no longer qualified cannot reconfirm either.
    await certify(unconfirmed!, CertStatus.NONE);
    expect((await http.post(unconfirmed!.admin.token, '/api/tender/reconfirm', { id: d.id, amendedAt })).message).toBe('投标资格要求通过企业认证，贵公司尚未认证');

    const deadline = (await tenderRow(d.id)).deadline!;
    await runDueJobs(db(), new Date(deadline.getTime() + 60_000));
    expect((await bidRow(d.id, unconfirmed!.id)).status).toBe(TenderBidStatus.WITHDRAWN);
    expect((await bidRow(d.id, lapsed!.id)).status).toBe(TenderBidStatus.WITHDRAWN);
    const opened = await detail(buyer.token, d.id);
    expect(opened.data.status).toBe(BidStatus.OPENED);
    expect(opened.data.lots.map((l) => l.status)).toEqual([TenderLotStatus.OPEN, TenderLotStatus.FAILED]);
    expect(opened.data.bids.map((b) => b.companyId).sort()).toEqual([s1!.id, s2!.id, s3!.id].sort());
    expect(leaksHonest(opened)).toEqual([]);
    // The one sealed reader, asked directly as the purchaser after the opening, answers the three only.
    const all = await loadBidContent(db(), await tenderRow(d.id), { companyId: buyer.companyId }, 'all');
    expect(all.map((b) => b.companyId).sort()).toEqual([s1!.id, s2!.id, s3!.id].sort());
    const [why] = await db().select().from(messages).where(and(eq(messages.companyId, lapsed!.id), like(messages.title, '%投标无效%')));
    expect(why?.content).toContain('不符合投标资格');
  });

  it('a reconfirmation names the amendment it read: after a newer amendment it confirms nothing', async () => {
    const buyer = await makePurchaser(db(), '再次变更采购商');
    const [s] = await suppliers(1, '确认供应商');
    const d = await publishedTender(buyer, new Date(Date.now() + 21 * DAY));
    expect((await bid(s!, d.id, [{ lotId: d.lots[0]!.id, price: 100 }])).code).toBe(0);
    expect((await http.post(buyer.token, '/api/tender/save', amendBody(d, { content: '<p>第一次变更</p>' }))).code).toBe(0);
    const first = (await tenderRow(d.id)).amendedAt!.toISOString();
    const cur = (await detail(buyer.token, d.id)).data;
    expect((await http.post(buyer.token, '/api/tender/save', amendBody(cur, { content: '<p>第二次变更</p>' }))).code).toBe(0);
    const stale = await http.post(s!.admin.token, '/api/tender/reconfirm', { id: d.id, amendedAt: first });
    expect(stale).toMatchObject({ code: Code.CONFLICT, message: '招标文件已再次变更，请查看最新内容后重新确认' });
    expect((await bidRow(d.id, s!.id)).status).toBe(TenderBidStatus.TO_CONFIRM);
  });

  it.runIf(testDbKind === 'pg')('PostgreSQL: an amendment and a reconfirmation racing never leave a bid confirmed against unread documents', async () => {
    const buyer = await makePurchaser(db(), '并发变更采购商');
    const caller = await callerFor(db(), buyer.id);
    const team = await suppliers(6, '并发确认供应商');
    const d = await publishedTender(buyer, new Date(Date.now() + 21 * DAY));
    for (const s of team) expect((await bid(s, d.id, [{ lotId: d.lots[0]!.id, price: 100 }])).code).toBe(0);
    let cur = (await detail(buyer.token, d.id)).data;
    for (let round = 0; round < 4; round++) {
      expect((await http.post(buyer.token, '/api/tender/save', amendBody(cur, { content: `<p>变更${round}a</p>` }))).code).toBe(0);
      const read = (await tenderRow(d.id)).amendedAt!;
      cur = (await detail(buyer.token, d.id)).data;
      // Every supplier reconfirms what it read while the purchaser amends again.
      const sCallers = await Promise.all(team.map((s) => callerFor(db(), s.admin.id)));
      const results = await Promise.allSettled([
        saveTender(db(), caller, amendBody(cur, { content: `<p>变更${round}b</p>` }), t.app.config.tenderWindows, addHours(read, 0.01)),
        ...sCallers.map((sc) => reconfirmBid(db(), sc, d.id, read.toISOString())),
      ]);
      expect(results[0]!.status).toBe('fulfilled');
      // Whoever won the lock, the latest amendment is unconfirmed by everyone.
      for (const s of team) expect((await bidRow(d.id, s.id)).status).toBe(TenderBidStatus.TO_CONFIRM);
      cur = (await detail(buyer.token, d.id)).data;
    }
  });
});

describe('sealed enquiries', () => {
  it('a sealed enquiry with an offer: its deadline never moves earlier and its offers stay sealed until then', async () => {
    const buyer = await makePurchaser(db(), '密封询价采购商');
    const [s] = await suppliers(1, '密封报价供应商');
    const deadline = new Date(Date.now() + 5 * DAY);
    const e = await insertEnquiry(db(), buyer.companyId, { sealed: true, deadline });
    const [i1] = e.itemIds as [number];
    await insertOffer(db(), { id: e.id, companyId: buyer.companyId, quantities: { [i1]: 10 } }, { id: s!.id, name: '密封报价供应商' }, [
      { prices: { [i1]: HONEST }, freight: 0 },
    ]);
    const earlier = await http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: new Date(Date.now() + 2 * 60_000).toISOString() });
    expect(earlier).toMatchObject({ code: Code.INVALID, message: '新的截止时间必须晚于原截止时间' });
    const resave = await http.post(buyer.token, '/api/enquiry/save', {
      id: e.id,
      title: '改成马上截止',
      lines: [{ productName: '聚合氯化铝', quantity: 10, unit: '吨' }],
      deliveryProvinceCode: 440000,
      deliveryCityCode: 440300,
      deliveryDistrictCode: 440305,
      deliveryAreaName: '广东省 深圳市 南山区',
      deliveryAddress: '水厂路1号',
      contactName: '王工',
      contactPhone: '13800000001',
      deadline: new Date(Date.now() + 2 * 60_000).toISOString(),
      invoiceKind: 0,
      sealed: false,
      publish: true,
    });
    expect(resave).toMatchObject({ code: Code.CONFLICT, message: '只有草稿可以修改，已发布的询价可以延期或撤销' });
    const [row] = await db().select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row).toMatchObject({ sealed: true, status: EnquiryStatus.QUOTING });
    expect(row!.deadline.getTime()).toBe(deadline.getTime());
    await runDueJobs(db(), new Date(Date.now() + 60_000));
    const compare = await http.get(buyer.token, `/api/enquiry/offers?id=${e.id}`);
    expect(leaksHonest(compare)).toEqual([]);
  });
});
