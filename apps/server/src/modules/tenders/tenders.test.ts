import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  BID_UNCHANGED,
  BidStatus,
  chinaDayCompact,
  Code,
  OrderKind,
  TenderBidStatus,
  TenderLotStatus,
  type BidDetail,
  type BidListItem,
  type Paged,
  type TenderDetail,
  type TenderRow,
  type TenderSaveInput,
} from '@aquamall/shared';
import { endpoints } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bids, files, jobs, messages, orders, tenderBids, tenderBidVersions, tenderLots } from '../../db/schema/index.ts';
import { api, HOUR_LONG_TENDERS, makeAddress, makePurchaser, makeSupplier, multipartBody, signedInPlatformAdmin, tenderInput } from '../../test/factories/index.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { addDays, addHours } from '../jobs/schedule.ts';
import { TENDER_JOBS } from './common.ts';
import { saveTender } from './purchaser.ts';
import { callerFor } from '../auth/caller.ts';
import { publicPage } from '../seo/pages.ts';
import { bodyHtml } from '../seo/render.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { jobsOf } from '../jobs/schedule.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
// Hour-long tenders: the sealed-bid windows (20 and 15 days, decision 0160) are lowered as demo mode allows;
// sealed-rules.test.ts proves them at their platform values.
beforeAll(async () => {
  t = await createTestApp({ env: HOUR_LONG_TENDERS });
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/tenders/tenders.test.ts');

const db = () => t.database.db;
let seq = 0;

async function pdf(companyId: number, userId: number): Promise<string> {
  const path = `upload/test/tender-${companyId}-${++seq}.pdf`;
  await db().insert(files).values({ path, mime: 'application/pdf', size: 1000, companyId, userId });
  return path;
}

/** Two lots: 10 吨 聚合氯化铝 (¥30,000) and 2 吨 聚丙烯酰胺 (¥40,000). */
function tenderBody(over: Partial<TenderSaveInput> = {}): TenderSaveInput {
  return tenderInput({
    title: `水厂药剂年度采购招标${++seq}`,
    lots: [
      { name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 30000 },
      { name: '聚丙烯酰胺', spec: '阳离子', quantity: 2, unit: '吨', budget: 40000 },
    ],
    ...over,
  });
}

type Supplier = Awaited<ReturnType<typeof makeSupplier>>;
type Purchaser = Awaited<ReturnType<typeof makePurchaser>>;

async function published(buyer: Purchaser, over: Partial<TenderSaveInput> = {}) {
  const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', tenderBody(over));
  expect(saved).toMatchObject({ code: 0 });
  const pub = await http.post(buyer.token, '/api/tender/publish', { id: saved.data.id });
  expect(pub).toMatchObject({ code: 0, message: '招标项目已发布' });
  return saved.data.id;
}
const detail = (token: string, id: number) => http.get<TenderDetail>(token, `/api/tender/detail?id=${id}`);
const lotsOf = async (token: string, id: number) => (await detail(token, id)).data.lots;
const bid = (s: Supplier, tenderId: number, prices: { lotId: number; price: number }[], over: object = {}) =>
  http.post<{ version: number }>(s.admin.token, '/api/tender/bid', { tenderId, prices, validityDays: 90, ...over });

/** A published tender of two lots with three suppliers bidding (distinct prices) and two more suppliers. */
async function scene(over: Partial<TenderSaveInput> = {}) {
  const n = ++seq;
  const buyer = await makePurchaser(db(), `招标采购商${n}`);
  const suppliers = [];
  for (let i = 0; i < 5; i++) suppliers.push(await makeSupplier(db(), `投标供应商${n}-${i}`));
  const id = await published(buyer, over);
  const lots = await lotsOf(buyer.token, id);
  return { buyer, suppliers, id, lots };
}

/** Runs the due jobs as if at `hours` from now. */
const runAt = (hours: number) => runDueJobs(db(), addHours(new Date(), hours));

describe('修改投标: no change, no version; a version says what changed (decision 0185)', () => {
  it('a revision equal to the current version writes nothing and says so; a real one records each change; the purchaser reads none of it before the opening', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const [s] = suppliers;
    const doc = await pdf(s!.id, s!.admin.id);
    const prices = [{ lotId: lots[0]!.id, price: 1888.8 }, { lotId: lots[1]!.id, price: 2500 }];
    const first = await bid(s!, id, prices, { documents: [{ name: '技术标.pdf', path: doc }], remark: '含运输' });
    expect(first).toMatchObject({ code: 0, data: { version: 1 } });
    const [row] = await db().select().from(tenderBids).where(and(eq(tenderBids.tenderId, id), eq(tenderBids.companyId, s!.id)));
    const versions = () => db().select().from(tenderBidVersions).where(eq(tenderBidVersions.bidId, row!.id));
    const same = await bid(s!, id, [{ lotId: lots[0]!.id, price: 1888.80 }, { lotId: lots[1]!.id, price: 2500.0 }], { documents: [{ name: '技术标.pdf', path: doc }], remark: '含运输' });
    expect(same).toMatchObject({ code: 0, message: BID_UNCHANGED, data: { version: 1, unchanged: true } });
    expect(await versions()).toHaveLength(1);
    expect((await db().select().from(tenderBids).where(eq(tenderBids.id, row!.id)))[0]).toEqual(row);

    const changed = await bid(s!, id, [{ lotId: lots[0]!.id, price: 1800 }], { documents: [], validityDays: 60, remark: '含运输' });
    expect(changed).toMatchObject({ code: 0, message: '投标已提交', data: { version: 2 } });
    const expected = [
      { field: '标段「聚合氯化铝」单价（元）', from: '1888.80', to: '1800.00' },
      { field: '标段「聚丙烯酰胺」单价（元）', from: '2500.00', to: '未报价' },
      { field: '投标文件', from: '技术标.pdf', to: '无' },
      { field: '报价有效期（天）', from: '90', to: '60' },
    ];
    const mine = await detail(s!.admin.token, id);
    expect(mine.data.myBid).toMatchObject({ version: 2, changes: expected });
    // The purchaser: no content and no change before the opening.
    const before = await detail(buyer.token, id);
    expect(before.data.bids).toEqual([]);
    expect(JSON.stringify(before.data)).not.toContain('1888.80');
    expect(JSON.stringify(before.data)).not.toContain('未报价');
  });
});

describe('tenders: draft, publish, bid', () => {
  it('a draft is invisible to the public; publishing lists it with a hidden budget kept hidden', async () => {
    const buyer = await makePurchaser(db(), '草稿采购商');
    const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', tenderBody({ budgetShown: false, title: '隐藏预算的招标' }));
    expect(saved.code).toBe(0);
    const pub = () => http.post<Paged<BidListItem>>(null, '/api/openbid/querBid', { keyword: '隐藏预算的招标', pageIndex: 1, pageSize: 10 });
    expect((await pub()).data.total).toBe(0);
    expect((await http.get(null, `/api/openbid/${saved.data.id}`)).code).toBe(Code.NOT_FOUND);
    await http.post(buyer.token, '/api/tender/publish', { id: saved.data.id });
    const list = await pub();
    expect(list.data.list).toMatchObject([{ id: saved.data.id, status: BidStatus.OPEN, budget: null }]);
    const mine = await http.post<Paged<TenderRow>>(buyer.token, '/api/tender/list', { status: BidStatus.OPEN, pageIndex: 1, pageSize: 10 });
    expect(mine.data.list[0]).toMatchObject({ id: saved.data.id, budget: '500000.00', lotCount: 2, bidCount: 0 });
    const jobRows = await jobsOf(db(), Object.values(TENDER_JOBS), saved.data.id);
    expect(jobRows.map((j) => j.kind).sort()).toEqual([TENDER_JOBS.CLOSE, TENDER_JOBS.OPEN].sort());
  });

  it('numbers a tender with the China day it is made, not the UTC day (lib/doc-numbers.ts)', async () => {
    const buyer = await makePurchaser(db(), '编号采购商');
    const caller = await callerFor(db(), buyer.id);
    // 16:30 UTC is 00:30 the next day in China: the two calendars disagree.
    const now = new Date();
    now.setUTCHours(16, 30, 0, 0);
    const { id } = await saveTender(db(), caller, tenderBody({ deadline: new Date(now.getTime() + 3_600_000).toISOString(), openAt: new Date(now.getTime() + 7_200_000).toISOString() }), t.app.config.tenderWindows, now);
    const [row] = await db().select({ code: bids.code }).from(bids).where(eq(bids.id, id));
    expect(chinaDayCompact(now)).not.toBe(now.toISOString().slice(0, 10).replace(/-/g, ''));
    expect(row!.code).toBe(`ZB${chinaDayCompact(now)}${String(id).padStart(6, '0')}`);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const buyer = await makePurchaser(db(), '坏输入采购商');
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(bids);
    const now = Date.now();
    const bad = await http.post(buyer.token, '/api/tender/save', tenderBody({ openAt: new Date(now + 1000).toISOString(), deadline: new Date(now + 60_000).toISOString() }));
    expect(bad).toMatchObject({ code: Code.INVALID, message: '开标时间不能早于投标截止时间' });
    expect((await http.post(buyer.token, '/api/tender/save', tenderBody({ lots: [] }))).message).toBe('请至少添加一个标段');
    const past = await http.post<{ id: number }>(buyer.token, '/api/tender/save', tenderBody({ deadline: new Date(now - 60_000).toISOString(), openAt: new Date(now).toISOString() }));
    expect(past.code).toBe(0);
    expect((await http.post(buyer.token, '/api/tender/publish', { id: past.data.id })).message).toBe('投标截止时间必须晚于当前时间');
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(bids);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    const supplier = await makeSupplier(db(), '冒充采购的供应商');
    expect((await http.post(supplier.admin.token, '/api/tender/save', tenderBody())).message).toBe('只有采购商可以发布招标');
  });

  it('keeps every version of a bid, lets a supplier withdraw and bid again, and checks documents are its PDFs', async () => {
    const { suppliers, id, lots } = await scene();
    const s = suppliers[0]!;
    expect((await bid(s, id, [{ lotId: lots[0]!.id, price: 100 }])).data.version).toBe(1);
    expect((await bid(s, id, [{ lotId: lots[0]!.id, price: 95 }, { lotId: lots[1]!.id, price: 200 }])).data.version).toBe(2);
    const d = await detail(s.admin.token, id);
    expect(d.data.myBid).toMatchObject({ version: 2, prices: [{ lotId: lots[0]!.id, price: '95.00', amount: '950.00' }, { price: '200.00', amount: '400.00' }] });
    expect((await http.post(s.admin.token, '/api/tender/withdraw', { id })).code).toBe(0);
    expect((await detail(s.admin.token, id)).data.myStatus).toBe(TenderBidStatus.WITHDRAWN);
    expect((await bid(s, id, [{ lotId: lots[0]!.id, price: 90 }])).data.version).toBe(3);
    const other = suppliers[1]!;
    const foreign = await pdf(other.id, other.admin.id);
    expect((await bid(s, id, [{ lotId: lots[0]!.id, price: 90 }], { documents: [{ name: '报价单', path: foreign }] })).message).toBe('文件不存在或不是本公司上传的文件');
    const mine = await pdf(s.id, s.admin.id);
    expect((await bid(s, id, [{ lotId: lots[0]!.id, price: 90 }], { documents: [{ name: '报价单', path: mine }] })).data.version).toBe(4);
    expect((await bid(s, id, [{ lotId: 999999, price: 90 }])).message).toBe('标段不存在');
  });

  it('tender documents are PDFs uploaded into the bid folder; a PDF elsewhere or a fake PDF is refused', async () => {
    const buyer = await makePurchaser(db(), 'PDF采购商');
    const real = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = async (url: string, name: string, body: Buffer) => {
      const { payload, headers } = await multipartBody([{ name, body, type: 'application/pdf' }]);
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'x-token': buyer.token } });
      return res.json<{ code: number; message: string; data: { fileRelativePath: string }[] }>();
    };
    const ok = await upload('/UploadHandler.ashx?appName=bid', '招标文件.pdf', real);
    expect(ok.code).toBe(0);
    const path = ok.data[0]!.fileRelativePath;
    expect(path).toMatch(/^u\/bid\/.+\.pdf$/);
    expect((await upload('/file/upload', '招标文件.pdf', real)).message).toBe('仅允许jpg、jpeg、png格式');
    expect((await upload('/UploadHandler.ashx?appName=bid', '假的.pdf', Buffer.from('<html>not a pdf</html>'))).message).toBe('仅允许jpg、jpeg、png、pdf格式');
    const saved = await http.post<{ id: number }>(buyer.token, '/api/tender/save', tenderBody({ documents: [{ name: '招标文件', path }] }));
    expect(saved.code).toBe(0);
    expect((await detail(buyer.token, saved.data.id)).data.documents).toEqual([{ name: '招标文件', path }]);
    // A draft's documents are its purchaser's until it is published; then a public tender's are anyone's.
    const fetchAs = (token?: string) => t.app.inject({ method: 'GET', url: `/f/${path}`, headers: token ? { 'x-token': token } : {} });
    expect((await fetchAs()).statusCode).toBe(404);
    expect((await fetchAs(buyer.token)).headers['content-disposition']).toContain('attachment');
    expect((await http.post(buyer.token, '/api/tender/publish', { id: saved.data.id })).code).toBe(0);
    const served = await fetchAs();
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toContain('attachment');
  });

  it('an amendment after bids marks them 待确认; the supplier reconfirms', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const s = suppliers[0]!;
    await bid(s, id, [{ lotId: lots[0]!.id, price: 100 }]);
    const amend = await http.post(buyer.token, '/api/tender/save', { ...tenderBody({ title: '已修改的招标' }), id, lots: lots.map((l) => ({ id: l.id, name: l.name, spec: '新规格', quantity: l.quantity, unit: l.unit })) });
    expect(amend).toMatchObject({ code: 0, message: '招标项目已保存' });
    const d = await detail(s.admin.token, id);
    expect(d.data).toMatchObject({ title: '已修改的招标', myStatus: TenderBidStatus.TO_CONFIRM });
    expect(d.data.amendedAt).not.toBeNull();
    const [msg] = await db().select().from(messages).where(and(eq(messages.companyId, s.id), like(messages.title, '%已变更%')));
    expect(msg?.content).toContain('重新确认');
    expect((await http.post(s.admin.token, '/api/tender/reconfirm', { id, amendedAt: d.data.amendedAt })).message).toBe('投标已确认');
    expect((await detail(s.admin.token, id)).data.myStatus).toBe(TenderBidStatus.SUBMITTED);
    expect((await http.post(s.admin.token, '/api/tender/reconfirm', { id, amendedAt: d.data.amendedAt })).message).toBe('该投标无需重新确认');
  });

  it('clarification: a supplier asks, the purchaser answers, every bidder sees the answer (not the asker)', async () => {
    const { buyer, suppliers, id } = await scene();
    const [a, b] = suppliers;
    await http.post(b!.admin.token, '/api/tender/register', { id });
    expect((await http.post(a!.admin.token, '/api/tender/ask', { tenderId: id, question: '是否接受分批交货？' })).code).toBe(0);
    const q = (await detail(buyer.token, id)).data.questions[0]!;
    expect(q).toMatchObject({ question: '是否接受分批交货？', answer: null, askerName: a!.admin.company.name });
    expect((await detail(b!.admin.token, id)).data.questions).toEqual([]);
    expect((await http.post(buyer.token, '/api/tender/answer', { questionId: q.id, answer: '接受，分两批。' })).code).toBe(0);
    expect((await detail(b!.admin.token, id)).data.questions).toMatchObject([{ answer: '接受，分两批。', askerName: null, mine: false }]);
    const told = await db().select().from(messages).where(and(eq(messages.companyId, b!.id), like(messages.title, '%答疑%')));
    expect(told).toHaveLength(1);
  });
});

describe('tenders: qualification, invitations, isolation', () => {
  it('refuses suppliers below the member level, uncertified or of another shop type', async () => {
    const buyer = await makePurchaser(db(), '资格采购商');
    const low = await makeSupplier(db(), '普通会员供应商');
    const gold = await makeSupplier(db(), '二级会员供应商', { memberLevel: 2 });
    const id = await published(buyer, { minMemberLevel: 2 });
    expect((await http.post(low.admin.token, '/api/tender/register', { id })).message).toBe('投标资格要求二级会员及以上，贵公司不符合');
    expect((await detail(low.admin.token, id)).data.refusal).toBe('投标资格要求二级会员及以上，贵公司不符合');
    expect((await http.post(gold.admin.token, '/api/tender/register', { id })).message).toBe('报名成功');
    expect((await http.post(gold.admin.token, '/api/tender/register', { id })).message).toBe('贵公司已报名该项目');
    const open = (token: string) => http.post<Paged<TenderRow>>(token, '/api/tender/supplierList', { scope: 1, pageIndex: 1, pageSize: 100 });
    expect((await open(low.admin.token)).data.list.map((r) => r.id)).not.toContain(id);
    const certId = await published(buyer, { certRequired: true });
    expect((await http.post(gold.admin.token, '/api/tender/register', { id: certId })).message).toBe('投标资格要求通过企业认证，贵公司尚未认证');
    const shopId = await published(buyer, { shopTypes: [1] });
    expect((await bid(gold, shopId, [{ lotId: (await lotsOf(buyer.token, shopId))[0]!.id, price: 1 }])).message).toBe('投标资格要求店铺类型为生产厂家');
    expect((await db().select().from(tenderBids).where(eq(tenderBids.tenderId, shopId)))).toHaveLength(0);
  });

  it('an invited tender: only invited suppliers see it and bid; others get 招标项目不存在', async () => {
    const buyer = await makePurchaser(db(), '邀请采购商');
    const invited = await makeSupplier(db(), '受邀供应商');
    const outsider = await makeSupplier(db(), '未受邀供应商');
    const id = await published(buyer, { invitedOnly: true, invitedCompanyIds: [invited.id] });
    const [msg] = await db().select().from(messages).where(and(eq(messages.companyId, invited.id), like(messages.title, '邀请投标%')));
    expect(msg?.linkPath).toBe(`/customer/bid/bidingIndex?id=${id}`);
    expect((await detail(outsider.admin.token, id)).message).toBe('招标项目不存在');
    expect((await http.post(outsider.admin.token, '/api/tender/register', { id })).message).toBe('招标项目不存在');
    const open = (token: string) => http.post<Paged<TenderRow>>(token, '/api/tender/supplierList', { scope: 1, pageIndex: 1, pageSize: 100 });
    expect((await open(outsider.admin.token)).data.list.map((r) => r.id)).not.toContain(id);
    expect((await open(invited.admin.token)).data.list.map((r) => r.id)).toContain(id);
    expect((await bid(invited, id, [{ lotId: (await lotsOf(buyer.token, id))[0]!.id, price: 5 }])).code).toBe(0);
    expect((await http.post<Paged<TenderRow>>(invited.admin.token, '/api/tender/supplierList', { scope: 0, pageIndex: 1, pageSize: 100 })).data.list).toMatchObject([{ id, myBidStatus: TenderBidStatus.SUBMITTED }]);
  });

  it("one purchaser never sees or changes another's tender; drafts are invisible to suppliers", async () => {
    const { buyer, suppliers, id } = await scene();
    const other = await makePurchaser(db(), '另一采购商');
    crossCompanyCaller(other.token);
    expect((await detail(other.token, id)).message).toBe('招标项目不存在');
    expect((await http.post(other.token, '/api/tender/save', { ...tenderBody(), id })).message).toBe('招标项目不存在');
    expect((await http.post(other.token, '/api/tender/publish', { id })).message).toBe('招标项目不存在');
    expect((await http.post<Paged<TenderRow>>(other.token, '/api/tender/list', { pageIndex: 1, pageSize: 100 })).data.list.map((r) => r.id)).not.toContain(id);
    const draft = await http.post<{ id: number }>(buyer.token, '/api/tender/save', tenderBody());
    expect((await detail(suppliers[0]!.admin.token, draft.data.id)).message).toBe('招标项目不存在');
    expect((await http.post(suppliers[0]!.admin.token, '/api/tender/register', { id: draft.data.id })).message).toBe('招标项目不存在');
  });
});

const PRICES = [8765.43, 7654.32, 6543.21, 5432.19];
/** Every form a sealed price could take in an answer: the unit price and the lot amounts (quantities 10 and 2). */
const sealedStrings = PRICES.flatMap((p) => [p.toFixed(2), (p * 10).toFixed(2), (p * 2).toFixed(2)]);
const leaks = (body: unknown) => {
  const text = JSON.stringify(body);
  return sealedStrings.filter((s) => text.includes(s));
};

describe('tenders: sealed until the opening', () => {
  it('before the deadline no route answers any bid content to the purchaser, another supplier, an admin or a visitor', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const [a, b, c, registered, outsider] = suppliers;
    await bid(a!, id, [{ lotId: lots[0]!.id, price: PRICES[0]! }, { lotId: lots[1]!.id, price: PRICES[3]! }]);
    await bid(b!, id, [{ lotId: lots[0]!.id, price: PRICES[1]! }]);
    await bid(c!, id, [{ lotId: lots[0]!.id, price: PRICES[2]! }]);
    await http.post(registered!.admin.token, '/api/tender/register', { id });
    const admin = await signedInPlatformAdmin(db());
    const roles: [string, string | null][] = [
      ['purchaser', buyer.token],
      ['registered supplier', crossCompanyCaller(registered!.admin.token)],
      ['other supplier', crossCompanyCaller(outsider!.admin.token)],
      ['platform admin', admin.token],
      ['visitor', null],
    ];
    const lotIds = lots.map((l) => l.id);
    // Every tender and public bid route, with bodies that name this tender (commands may be refused: that is fine).
    const tenderCalls = Object.values(endpoints)
      .filter((e) => e.path.startsWith('/api/tender/') || e.path.startsWith('/api/openbid'))
      .map((e) => ({
        e,
        url: e.path.replace(':id', String(id)) + (e.method === 'GET' ? `?id=${id}` : ''),
        body: { id, tenderId: id, lotId: lotIds[0], bidId: 1, lotIds, questionId: 1, objectionId: 1, answer: '答', reply: '答', reason: '理由', question: '问', title: '公告', scores: [{ lotId: lotIds[0], bidId: 1, priceScore: 1, techScore: 1 }], prices: [{ lotId: lotIds[0], price: 1 }], validityDays: 1, pageIndex: 1, pageSize: 100, scope: 0, type: 1 },
      }));
    // Every admin console read (GET without path parameters; POST lists and queries).
    const adminCalls = Object.values(endpoints)
      .filter((e) => e.access.kind === 'admin' && !e.path.includes(':') && (e.method === 'GET' || /list|query|page|search/i.test(e.path)))
      .map((e) => ({ e, url: e.path + (e.method === 'GET' ? '?pageIndex=1&pageSize=100' : ''), body: { pageIndex: 1, pageSize: 100 } }));
    expect(tenderCalls.length).toBeGreaterThanOrEqual(20);
    expect(adminCalls.length).toBeGreaterThan(5);
    let checked = 0;
    for (const [role, token] of roles)
      for (const call of [...tenderCalls, ...adminCalls]) {
        // Saving as the purchaser would amend the tender (and reset bids); it answers an id only and is tried alone below.
        if (call.e.path === '/api/tender/save') continue;
        const res = call.e.method === 'GET' ? await http.get(token, call.url) : await http.post(token, call.url, call.body);
        expect(leaks(res), `${role} ${call.e.method} ${call.e.path}`).toEqual([]);
        checked++;
      }
    expect(checked).toBeGreaterThan(100);
    const amend = await http.post(buyer.token, '/api/tender/save', { ...tenderBody(), id, lots: lots.map((l) => ({ id: l.id, name: l.name, quantity: l.quantity, unit: l.unit })) });
    expect(leaks(amend)).toEqual([]);
    // The purchaser sees counts only (the loop's bid and withdraw routes made the registered and the other
    // supplier bid 1.00 and withdraw); each bidder sees its own and nobody else's.
    const d = await detail(buyer.token, id);
    expect(d.data).toMatchObject({ bidCount: 3, registeredCount: 5, bids: [], openingRecord: null, myBid: null });
    const own = await detail(a!.admin.token, id);
    expect(own.data.myBid?.prices.map((p) => p.price)).toEqual([PRICES[0]!.toFixed(2), PRICES[3]!.toFixed(2)]);
    expect(leaks(await detail(b!.admin.token, id))).toEqual([PRICES[1]!.toFixed(2), (PRICES[1]! * 10).toFixed(2)]);
  });

  it('after the deadline and the opening the purchaser reads the bids and the opening record', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    for (const [i, s] of suppliers.slice(0, 3).entries()) await bid(s, id, [{ lotId: lots[0]!.id, price: PRICES[i]! }]);
    await runAt(1.5);
    const closed = await detail(buyer.token, id);
    expect(closed.data).toMatchObject({ status: BidStatus.CLOSED, bids: [], openingRecord: null });
    expect(leaks(closed)).toEqual([]);
    expect((await bid(suppliers[0]!, id, [{ lotId: lots[0]!.id, price: 1 }])).message).toBe('投标已截止，不能再修改');
    await runAt(2.5);
    const opened = await detail(buyer.token, id);
    expect(opened.data.status).toBe(BidStatus.OPENED);
    expect(opened.data.bids.map((x) => x.prices[0]!.price)).toEqual(PRICES.slice(0, 3).map((p) => p.toFixed(2)));
    expect(opened.data.openingRecord).toHaveLength(3);
    expect(opened.data.openingRecord![0]).toMatchObject({ companyName: suppliers[0]!.admin.company.name, prices: [{ lotName: '聚合氯化铝', price: PRICES[0]!.toFixed(2) }] });
    // Another purchaser still sees nothing; a bidder sees the opening record, never the other bids' documents.
    const other = await makePurchaser(db(), '开标后另一采购商');
    expect(leaks(await detail(other.token, id))).toEqual([]);
    expect((await detail(suppliers[1]!.admin.token, id)).data.bids).toEqual([]);
  });
});

describe('tenders: close, 流标, evaluation, award, objections', () => {
  it('a lot with fewer than 3 valid bids is 流标; the tender opens for the rest; failed lots can be republished', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const [l1, l2] = lots;
    for (const s of suppliers.slice(0, 3)) await bid(s, id, [{ lotId: l1!.id, price: 100 }]);
    await bid(suppliers[0]!, id, [{ lotId: l1!.id, price: 100 }, { lotId: l2!.id, price: 50 }]);
    await bid(suppliers[3]!, id, [{ lotId: l2!.id, price: 60 }]);
    // A withdrawn bid does not count.
    await bid(suppliers[4]!, id, [{ lotId: l2!.id, price: 70 }]);
    await http.post(suppliers[4]!.admin.token, '/api/tender/withdraw', { id });
    await runAt(1.5);
    const d = await detail(buyer.token, id);
    expect(d.data.status).toBe(BidStatus.CLOSED);
    expect(d.data.lots.map((l) => l.status)).toEqual([TenderLotStatus.OPEN, TenderLotStatus.FAILED]);
    const told = await db().select().from(messages).where(and(eq(messages.companyId, suppliers[3]!.id), like(messages.title, '%已截止%')));
    expect(told[0]?.content).toContain('「聚丙烯酰胺」有效投标不足3家');
    const re = await http.post<{ id: number }>(buyer.token, '/api/tender/republish', { tenderId: id, lotIds: [l2!.id] });
    expect(re.code).toBe(0);
    const copy = await detail(buyer.token, re.data.id);
    expect(copy.data).toMatchObject({ status: BidStatus.DRAFT, republishedFrom: id, lots: [{ name: '聚丙烯酰胺', quantity: 2 }] });
    expect((await http.post(buyer.token, '/api/tender/republish', { tenderId: id, lotIds: [l1!.id] })).message).toBe('只有流标的标段可以重新招标');
  });

  it('every lot short of bids: the whole tender is 流标 and never opens', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    await bid(suppliers[0]!, id, [{ lotId: lots[0]!.id, price: 1 }]);
    await runAt(1.5);
    await runAt(2.5);
    const d = await detail(buyer.token, id);
    expect(d.data).toMatchObject({ status: BidStatus.FAILED, openedAt: null, bids: [] });
    const pub = await http.get<{ status: number; statusName: string }>(null, `/api/openbid/${id}`);
    expect(pub.data).toMatchObject({ status: BidStatus.FAILED, statusName: '流标' });
  });

  it('the deadline job fires once even when two runners claim at the same time', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    for (const s of suppliers.slice(0, 3)) await bid(s, id, [{ lotId: lots[0]!.id, price: 10 }]);
    const due = addHours(new Date(), 1.5);
    await Promise.all([runDueJobs(db(), due), runDueJobs(db(), due)]);
    await runDueJobs(db(), due);
    const closes = await db().select().from(jobs).where(and(eq(jobs.refId, id), eq(jobs.kind, TENDER_JOBS.CLOSE)));
    expect(closes).toMatchObject([{ status: 1, attempts: 1 }]);
    const told = await db().select().from(messages).where(and(eq(messages.companyId, buyer.companyId), like(messages.title, '%已截止')));
    expect(told).toHaveLength(1);
  });

  it('scores with weights, awards each lot (with an order), publishes the 中标公告, tells every bidder; objections only in 公示期', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const [l1, l2] = lots;
    const prices = [[100, 300], [90, 310], [95, 290]];
    for (const [i, s] of suppliers.slice(0, 3).entries())
      await bid(s, id, [{ lotId: l1!.id, price: prices[i]![0]! }, { lotId: l2!.id, price: prices[i]![1]! }]);
    expect((await http.post(suppliers[0]!.admin.token, '/api/tender/object', { tenderId: id, reason: '过早' })).message).toBe('只能在中标公示期内提出异议');
    expect((await http.post(buyer.token, '/api/tender/score', { tenderId: id, scores: [{ lotId: l1!.id, bidId: 1, priceScore: 1, techScore: 1 }] })).message).toBe('开标后才能评标和定标');
    await runAt(2.5);
    const opened = (await detail(buyer.token, id)).data;
    const bidOf = (i: number) => opened.bids.find((x) => x.companyId === suppliers[i]!.id)!.bidId;
    const score = await http.post(buyer.token, '/api/tender/score', {
      tenderId: id,
      scores: [
        { lotId: l1!.id, bidId: bidOf(0), priceScore: 80, techScore: 90 },
        { lotId: l1!.id, bidId: bidOf(1), priceScore: 100, techScore: 70 },
      ],
    });
    expect(score.code).toBe(0);
    const scored = (await detail(buyer.token, id)).data;
    expect(scored.status).toBe(BidStatus.EVALUATING);
    expect(scored.scores.find((s) => s.bidId === bidOf(0))).toMatchObject({ total: '84.00' });
    expect(scored.scores.find((s) => s.bidId === bidOf(1))).toMatchObject({ total: '88.00' });
    expect((await http.post(buyer.token, '/api/tender/publishResult', { tenderId: id, title: '中标公告' })).message).toBe('标段「聚合氯化铝」尚未定标');
    expect((await http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: l1!.id, bidId: bidOf(1), createOrder: true })).message).toBe('请先在收货地址中设置默认地址，再生成订单');
    await makeAddress(db(), buyer.companyId, { isDefault: true });
    const award = await http.post<{ orderId: number }>(buyer.token, '/api/tender/award', { tenderId: id, lotId: l1!.id, bidId: bidOf(1), createOrder: true });
    expect(award.code).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, award.data.orderId));
    expect(order).toMatchObject({ sellerCompanyId: suppliers[1]!.id, buyerCompanyId: buyer.companyId, kind: OrderKind.ENQUIRY, totalAmount: '900.00' });
    expect((await http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: l1!.id, bidId: bidOf(0) })).message).toBe('标段「聚合氯化铝」已定标');
    expect((await http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: l2!.id, bidId: bidOf(2) })).code).toBe(0);
    const result = await http.post<{ id: number }>(buyer.token, '/api/tender/publishResult', { tenderId: id, title: '水厂药剂中标公告', content: '<p>公示</p>' });
    expect(result).toMatchObject({ code: 0, message: '中标公告已发布' });
    const pub = await http.post<Paged<BidListItem>>(null, '/api/openbid/queryBidList', { keyword: '水厂药剂中标公告', pageIndex: 1, pageSize: 10 });
    expect(pub.data.list.find((r) => r.id === result.data.id)).toMatchObject({ type: 2, winAmount: 1480 });
    const pubDetail = await http.get<{ linked: { id: number } }>(null, `/api/openbid/${result.data.id}`);
    expect(pubDetail.data.linked.id).toBe(id);
    const inbox = async (i: number) => db().select().from(messages).where(and(eq(messages.companyId, suppliers[i]!.id), like(messages.title, '%中标通知%')));
    expect((await inbox(1))[0]!.title).toMatch(/^中标通知/);
    expect((await inbox(0))[0]!.title).toMatch(/^未中标通知/);
    expect((await inbox(2))[0]!.title).toMatch(/^中标通知/);
    expect(await inbox(3)).toHaveLength(0);
    // Objections: a bidder during the publicity period; not a non-bidder; not after the period ends (by job).
    expect((await http.post(suppliers[0]!.admin.token, '/api/tender/object', { tenderId: id, reason: '评分不公' })).message).toBe('异议已提交');
    expect((await http.post(suppliers[3]!.admin.token, '/api/tender/object', { tenderId: id, reason: '我也有意见' })).message).toBe('只有投标单位可以提出异议');
    const withObjection = (await detail(buyer.token, id)).data;
    expect(withObjection.objections).toMatchObject([{ reason: '评分不公' }]);
    expect((await http.post(buyer.token, '/api/tender/replyObjection', { objectionId: withObjection.objections[0]!.id, reply: '评分依据已公示' })).code).toBe(0);
    const end = await runDueJobs(db(), addDays(new Date(), 3.1));
    expect(end.failed).toBe(0);
    expect((await http.post(suppliers[0]!.admin.token, '/api/tender/object', { tenderId: id, reason: '再次异议' })).message).toBe('只能在中标公示期内提出异议');
    const [row] = await db().select().from(bids).where(eq(bids.id, id));
    expect(row!.publicityEndedAt).not.toBeNull();
    const lotRows = await db().select().from(tenderLots).where(eq(tenderLots.tenderId, id));
    expect(lotRows.map((l) => l.status)).toEqual([TenderLotStatus.AWARDED, TenderLotStatus.AWARDED]);
  });
});

describe('tenders in public: 招标公告 and 中标公告 (decision 0186)', () => {
  const notice = (id: number) => http.get<BidDetail>(null, `/api/openbid/${id}`);
  const ssr = async (id: number) => {
    const p = await publicPage(db(), '/mall/bidDetail', new URLSearchParams({ id: String(id) }), '');
    return bodyHtml(p!, '站点');
  };

  it('the 招标公告 shows lots, qualification, timetable, contact and documents under their real names', async () => {
    const buyer = await makePurchaser(db(), '公告采购商');
    const doc = await pdf(buyer.companyId, buyer.id);
    const id = await published(buyer, {
      contactName: '王工',
      contactPhone: '0591-88886666',
      documents: [{ name: '招标文件（技术部分）', path: doc }],
      minMemberLevel: 1,
      certRequired: true,
      shopTypes: [1],
    });
    const [row] = await db().select().from(bids).where(eq(bids.id, id));
    const b = (await notice(id)).data;
    expect(b.lots).toEqual([
      { name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 30000, statusName: '', winnerName: null, winAmount: null },
      { name: '聚丙烯酰胺', spec: '阳离子', quantity: 2, unit: '吨', budget: 40000, statusName: '', winnerName: null, winAmount: null },
    ]);
    expect(b.qualifications).toEqual(['会员等级：一级会员及以上', '须通过平台企业认证', '店铺类型：生产厂家']);
    expect(b).toMatchObject({ contactName: '王工', contactPhone: '0591-88886666', budget: 500000, objection: null });
    expect(b.attachments).toEqual([{ name: '招标文件（技术部分）.pdf', url: `/f/${doc}`, restricted: false }]);
    expect(b.timetable).toEqual({
      publishedAt: row!.publishedAt.toISOString(),
      deadline: row!.deadline!.toISOString(),
      openAt: row!.openAt!.toISOString(),
      openedAt: null,
      publicityStartsAt: null,
      publicityEndsAt: null,
    });
    // The server-rendered page says the same.
    const html = await ssr(id);
    for (const text of ['<dt>标段 聚合氯化铝</dt><dd>10吨，含量≥28%，预算¥30,000.00</dd>', '须通过平台企业认证', '招标文件（技术部分）.pdf', '<dt>联系电话</dt><dd>0591-88886666</dd>', '<dt>报名及投标截止</dt>'])
      expect(html).toContain(text);
    // A hidden budget hides the lots' budgets too.
    const hidden = (await notice(await published(buyer, { budgetShown: false }))).data;
    expect(hidden.budget).toBeNull();
    expect(hidden.lots.map((l) => l.budget)).toEqual([null, null]);
    expect(hidden.qualifications).toEqual(['平台注册供应商均可报名投标']);
  });

  it('the 中标公告 shows winners per lot, the opening, the 公示期 and the objection route; its text is sanitised; no price before', async () => {
    const { buyer, suppliers, id, lots } = await scene();
    const [l1, l2] = lots;
    for (const [i, s] of suppliers.slice(0, 3).entries())
      await bid(s, id, [{ lotId: l1!.id, price: PRICES[i]! }, { lotId: l2!.id, price: PRICES[3 - i]! }]);
    // Sealed: the public answers (API and server-rendered page) never carry a bid price before the opening.
    expect(leaks((await notice(id)).data)).toEqual([]);
    expect(leaks(await ssr(id))).toEqual([]);
    await runAt(2.5);
    const opened = (await detail(buyer.token, id)).data;
    expect(opened.openedAt).not.toBeNull();
    // Opened but not yet awarded: still no price, no winner in public.
    const beforeAward = (await notice(id)).data;
    expect(leaks(beforeAward)).toEqual([]);
    expect(beforeAward.lots.map((l) => l.winnerName)).toEqual([null, null]);
    expect(beforeAward.timetable.openedAt).toBe(opened.openedAt);
    const bidOf = (i: number) => opened.bids.find((x) => x.companyId === suppliers[i]!.id)!.bidId;
    const nameOf = (i: number) => opened.bids.find((x) => x.companyId === suppliers[i]!.id)!.companyName;
    await http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: l1!.id, bidId: bidOf(2) });
    await http.post(buyer.token, '/api/tender/award', { tenderId: id, lotId: l2!.id, bidId: bidOf(0) });
    expect(leaks((await notice(id)).data)).toEqual([]);
    const result = await http.post<{ id: number }>(buyer.token, '/api/tender/publishResult', {
      tenderId: id,
      title: '公示中的中标公告',
      content: '<h2 onclick="steal()">中标结果</h2><script>alert(1)</script><p><a href="javascript:alert(2)">链接</a><img src=x onerror="alert(3)"></p>',
    });
    expect(result.code).toBe(0);
    const [stored] = await db().select({ content: bids.content }).from(bids).where(eq(bids.id, result.data.id));
    expect(stored!.content).toBe('<h2>中标结果</h2><p><a>链接</a><img src="x" /></p>');
    const [tender] = await db().select().from(bids).where(eq(bids.id, id));
    const r = (await notice(result.data.id)).data;
    expect(r.content).toBe(stored!.content);
    expect(r.lots).toEqual([
      expect.objectContaining({ name: '聚合氯化铝', statusName: '已定标', winnerName: nameOf(2), winAmount: Number((PRICES[2]! * 10).toFixed(2)) }),
      expect.objectContaining({ name: '聚丙烯酰胺', statusName: '已定标', winnerName: nameOf(0), winAmount: Number((PRICES[3]! * 2).toFixed(2)) }),
    ]);
    expect(r.timetable).toMatchObject({
      openedAt: opened.openedAt,
      publicityStartsAt: r.publishedAt,
      publicityEndsAt: tender!.publicityEndsAt!.toISOString(),
    });
    // 公示期: TENDER_PUBLICITY_DAYS (3) from the notice's publication.
    expect(Date.parse(r.timetable.publicityEndsAt!) - Date.parse(r.publishedAt)).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(r.objection).toEqual({ open: true, until: r.timetable.publicityEndsAt, path: `/customer/bid/bidingIndex?id=${id}` });
    // The losing bidder's price is still nowhere in public.
    expect(JSON.stringify(r)).not.toContain(PRICES[1]!.toFixed(2));
    // The tender's own notice links the result and shows the same winners and period.
    expect((await notice(id)).data).toMatchObject({ linked: { id: result.data.id }, objection: { open: true } });
    const html = await ssr(result.data.id);
    for (const text of [`中标单位${nameOf(2)}`, '<dt>公示期</dt>', '在「我的投标」中打开本项目提出异议', '<dt>开标时间</dt>'])
      expect(html).toContain(text);
    expect(html).not.toContain('steal()');
    // After the publicity period the route says objections are closed.
    await runDueJobs(db(), addDays(new Date(), 3.1));
    expect((await notice(result.data.id)).data.objection).toMatchObject({ open: false });
  });
});
