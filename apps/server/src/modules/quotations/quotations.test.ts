import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import WebSocket from 'ws';
import ExcelJS from 'exceljs';
import {
  Code,
  EnquiryStatus,
  MerchantStatus,
  QuotationStatus,
  QUOTE_UNCHANGED,
  THREAD_MESSAGE_EMPTY,
  type OfferDetail,
  type QuotationDetail,
  type QuotationListAnswer,
  type QuoteSubmitResult,
  type LiveEvent,
  type ThreadAnswer,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  companies,
  enquiries,
  idempotencyKeys,
  messages,
  quotationMessages,
  quotationLines,
  quotations,
  quotationVersions,
} from '../../db/schema/index.ts';
import {
  api,
  makePurchaser,
  multipartBody,
  newIdempotencyKey,
  uploadedFile,
} from '../../test/factories/index.ts';
import { makeEnquiry, makeQuotingSupplier } from '../../test/factories/quotations.ts';
import type { Envelope } from '../../test/http.ts';
import { isAwardable } from './common.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/quotations/quotations.test.ts');

const db = () => t.database.db;
const day = (plus: number) =>
  new Date(Date.now() + 8 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);

async function submit(
  token: string,
  body: object,
  key: string = newIdempotencyKey(),
): Promise<Envelope<QuoteSubmitResult>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quotation/submit',
    headers: { 'x-token': token, 'idempotency-key': key },
    payload: body,
  });
  return res.json();
}
const detail = (token: string, q: string) => http.get<QuotationDetail>(token, `/api/quotation/detail?${q}`);
const offerCount = async (id: number) =>
  (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0]!.offerCount;
const quotationRows = (enquiryId: number) =>
  db().select().from(quotations).where(eq(quotations.enquiryId, enquiryId));

let seq = 0;
async function scene(opts: Parameters<typeof makeEnquiry>[2] = {}) {
  const n = ++seq;
  const buyer = await makePurchaser(db(), `询价采购商${n}`);
  const seller = await makeQuotingSupplier(db(), `报价供应商${n}`);
  const { enquiry, items } = await makeEnquiry(db(), buyer.companyId, opts);
  const body = (over: object = {}) => ({
    enquiryId: enquiry.id,
    baseVersion: 0,
    lines: [
      { enquiryItemId: items[0]!.id, unitPrice: 1234.56, taxRate: 13 },
      { enquiryItemId: items[1]!.id, unitPrice: 10.01, taxRate: 9, remark: '含包装' },
    ],
    freight: 50.5,
    leadDays: 7,
    validUntil: day(30),
    remark: '质保一年',
    contactName: '王经理',
    contactPhone: '13800001111',
    ...over,
  });
  return { buyer, seller, enquiry, items, body };
}

describe('quoting', () => {
  it('a first offer: totals in fen on the server, version 1, offerCount 1, the purchaser notified', async () => {
    const { buyer, seller, enquiry, items, body } = await scene();
    const res = await submit(seller.admin.token, body());
    expect(res).toMatchObject({ code: 0, message: '报价已提交' });
    // 1234.56 × 2 + 10.01 × 3 = 2469.12 + 30.03 = 2499.15; + 50.50 freight
    expect(res.data).toMatchObject({ version: 1, status: QuotationStatus.QUOTED, totalAmount: '2549.65' });
    expect(await offerCount(enquiry.id)).toBe(1);
    const d = await detail(seller.admin.token, `enquiryId=${enquiry.id}`);
    expect(d.data.quotation).toMatchObject({
      id: res.data.id,
      status: 1,
      version: 1,
      goodsAmount: '2499.15',
      freight: '50.50',
      totalAmount: '2549.65',
      leadDays: 7,
    });
    expect(d.data.quotation!.versions).toHaveLength(1);
    expect(d.data.quotation!.versions[0]!.lines).toEqual([
      { enquiryItemId: items[0]!.id, unitPrice: '1234.56', taxRate: '13', amount: '2469.12', remark: '' },
      { enquiryItemId: items[1]!.id, unitPrice: '10.01', taxRate: '9', amount: '30.03', remark: '含包装' },
    ]);
    expect(d.data).toMatchObject({ canQuote: true, canWithdraw: true, blockedReason: null });
    const [msg] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'quotation_new')));
    expect(msg!.title).toContain(`「报价供应商${seq}」提交了报价`);
    expect(msg!.linkPath).toBe(`/customer/enquiry/offerDetail?id=${res.data.id}&enquiryId=${enquiry.id}`);
  });

  it('lines may be left unquoted, but at least one; bad rates, foreign lines, past or far validity are refused', async () => {
    const { seller, enquiry, items, body } = await scene();
    const partial = await submit(
      seller.admin.token,
      body({ lines: [{ enquiryItemId: items[1]!.id, unitPrice: 5, taxRate: 0 }] }),
    );
    expect(partial.data).toMatchObject({ totalAmount: '65.50' });
    const other = await scene();
    const tok = other.seller.admin.token;
    expect(await submit(tok, other.body({ lines: [] }))).toMatchObject({
      code: Code.INVALID,
      message: expect.stringContaining('请至少为一项明细报价'),
    });
    expect(
      await submit(
        tok,
        other.body({ lines: [{ enquiryItemId: other.items[0]!.id, unitPrice: 1, taxRate: 7 }] }),
      ),
    ).toMatchObject({
      code: Code.INVALID,
      message: expect.stringContaining('税率只能是13%、9%、6%、3%、1%、0%'),
    });
    expect(
      await submit(
        tok,
        other.body({ lines: [{ enquiryItemId: other.items[0]!.id, unitPrice: 0, taxRate: 13 }] }),
      ),
    ).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('含税单价必须大于0') });
    expect(
      await submit(
        tok,
        other.body({ lines: [{ enquiryItemId: other.items[0]!.id, unitPrice: 1.001, taxRate: 13 }] }),
      ),
    ).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('最多两位小数') });
    expect(
      await submit(tok, other.body({ lines: [{ enquiryItemId: items[0]!.id, unitPrice: 1, taxRate: 13 }] })),
    ).toMatchObject({ code: Code.INVALID, message: '报价明细不属于该询价，请刷新页面后重试' });
    expect(await submit(tok, other.body({ validUntil: day(-1) }))).toMatchObject({
      code: Code.INVALID,
      message: '报价有效期不能早于今天',
    });
    expect(await submit(tok, other.body({ validUntil: day(400) }))).toMatchObject({
      code: Code.INVALID,
      message: '报价有效期最长365天',
    });
    const foreign = await uploadedFile(t.app, other.buyer.token);
    expect(
      await submit(tok, other.body({ attachments: [{ name: '图纸.png', path: foreign }] })),
    ).toMatchObject({ code: Code.INVALID, message: '附件不存在或不是本公司上传的文件' });
    expect(await quotationRows(other.enquiry.id)).toHaveLength(0);
    expect(await offerCount(other.enquiry.id)).toBe(0);
    expect(await offerCount(enquiry.id)).toBe(1);
  });

  it('revising adds a version (已修改) and keeps the earlier one; a stale form is refused', async () => {
    const { buyer, seller, enquiry, items, body } = await scene();
    const first = await submit(seller.admin.token, body());
    const second = await submit(
      seller.admin.token,
      body({
        baseVersion: 1,
        freight: 0,
        lines: [{ enquiryItemId: items[0]!.id, unitPrice: 1200, taxRate: 13 }],
      }),
    );
    expect(second).toMatchObject({
      code: 0,
      message: '报价已更新（第2版）',
      data: { id: first.data.id, version: 2, status: QuotationStatus.REVISED, totalAmount: '2400.00' },
    });
    const stale = await submit(seller.admin.token, body({ baseVersion: 1 }));
    expect(stale).toMatchObject({
      code: Code.CONFLICT,
      message: '报价已被更新（可能在其他页面提交过），请刷新后再修改',
    });
    const d = await detail(seller.admin.token, `id=${first.data.id}`);
    expect(d.data.quotation).toMatchObject({
      status: QuotationStatus.REVISED,
      version: 2,
      totalAmount: '2400.00',
    });
    expect(d.data.quotation!.versions.map((v) => [v.version, v.totalAmount, v.lines.length])).toEqual([
      [2, '2400.00', 1],
      [1, '2549.65', 2],
    ]);
    expect(await quotationRows(enquiry.id)).toHaveLength(1);
    expect(await offerCount(enquiry.id)).toBe(1);
    const notices = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'quotation_revised')));
    expect(notices[0]!.title).toContain('修改了报价（第2版）');
  });

  it('withdrawing (已撤回) lowers offerCount and tells the purchaser; quoting again revives the row as a new version', async () => {
    const { buyer, seller, enquiry, body } = await scene();
    const first = await submit(seller.admin.token, body());
    const id = first.data.id;
    // The reason is required and at most 200 characters; a refused withdrawal changes nothing.
    for (const reason of [undefined, '   ', '因'.repeat(201)])
      expect(await http.post(seller.admin.token, '/api/quotation/withdraw', { id, reason })).toMatchObject({
        code: Code.INVALID,
        message: expect.stringContaining(
          reason === undefined || reason.trim() === '' ? '请输入撤回原因' : '撤回原因最多200个字',
        ),
      });
    expect(await offerCount(enquiry.id)).toBe(1);
    expect(
      await http.post(seller.admin.token, '/api/quotation/withdraw', { id, reason: '产能不足' }),
    ).toMatchObject({ code: 0, message: '报价已撤回' });
    expect(await offerCount(enquiry.id)).toBe(0);
    expect(
      await http.post(seller.admin.token, '/api/quotation/withdraw', { id, reason: '再撤一次' }),
    ).toMatchObject({
      code: Code.CONFLICT,
      message: '该报价已撤回',
    });
    const d = await detail(seller.admin.token, `id=${id}`);
    expect(d.data).toMatchObject({
      canQuote: true,
      canWithdraw: false,
      quotation: { status: QuotationStatus.WITHDRAWN, withdrawReason: '产能不足' },
    });
    const [notice] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'quotation_withdrawn')));
    expect(notice).toMatchObject({ content: '撤回原因：产能不足' });
    const again = await submit(seller.admin.token, body({ baseVersion: 1 }));
    expect(again.data).toMatchObject({ id, version: 2, status: QuotationStatus.QUOTED });
    expect(await offerCount(enquiry.id)).toBe(1);
    expect((await quotationRows(enquiry.id))[0]).toMatchObject({ withdrawnAt: null, withdrawReason: null });
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, id)),
    ).toHaveLength(2);
  });

  it('offerCount counts live offers of every supplier on the enquiry', async () => {
    const { enquiry, body } = await scene();
    const s2 = await makeQuotingSupplier(db(), '第二家');
    const s3 = await makeQuotingSupplier(db(), '第三家');
    const { seller } = { seller: await makeQuotingSupplier(db(), '第一家') };
    for (const s of [seller, s2, s3]) expect((await submit(s.admin.token, body())).code).toBe(0);
    expect(await offerCount(enquiry.id)).toBe(3);
    const q2 = (await quotationRows(enquiry.id)).find((q) => q.supplierCompanyId === s2.id)!;
    await http.post(s2.admin.token, '/api/quotation/withdraw', { id: q2.id, reason: '报错了' });
    expect(await offerCount(enquiry.id)).toBe(2);
  });
});

describe('修改报价: no change, no version; a version says what changed (decision 0185)', () => {
  it('a revision equal to the current version writes nothing and says so; a real one records each change, old → new', async () => {
    const { buyer, seller, enquiry, items, body } = await scene();
    const first = await submit(seller.admin.token, body());
    expect(first.data.version).toBe(1);
    const counts = async () => ({
      versions: (await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, first.data.id))).length,
      lines: (await db().select().from(quotationLines).where(eq(quotationLines.quotationId, first.data.id))).length,
      keys: (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, seller.admin.id))).length,
      notices: (await db().select().from(messages).where(eq(messages.companyId, buyer.companyId))).length,
    });
    const before = await counts();
    const [row] = await quotationRows(enquiry.id);
    // The same figures, typed differently (a price with a trailing zero, the remark of a line unchanged).
    const same = await submit(seller.admin.token, body({ baseVersion: 1, freight: 50.5 }));
    expect(same).toMatchObject({ code: 0, message: QUOTE_UNCHANGED, data: { id: first.data.id, version: 1, status: QuotationStatus.QUOTED, unchanged: true } });
    expect(await counts()).toEqual(before);
    expect((await quotationRows(enquiry.id))[0]).toEqual(row);

    const changed = await submit(
      seller.admin.token,
      body({
        baseVersion: 1,
        lines: [
          { enquiryItemId: items[0]!.id, unitPrice: 1200, taxRate: 13 },
          { enquiryItemId: items[1]!.id, unitPrice: 10.01, taxRate: 6, remark: '含包装' },
        ],
        freight: 60,
        remark: '质保两年',
      }),
    );
    expect(changed).toMatchObject({ code: 0, message: '报价已更新（第2版）', data: { version: 2, status: QuotationStatus.REVISED } });
    expect(changed.data.unchanged).toBeUndefined();
    const expected = [
      { field: '第1行「聚合氯化铝」单价（元）', from: '1234.56', to: '1200.00' },
      { field: '第2行「聚丙烯酰胺」税率', from: '9%', to: '6%' },
      { field: '运费（元）', from: '50.50', to: '60.00' },
      { field: '报价总额（元）', from: '2549.65', to: '2490.03' },
      { field: '备注', from: '质保一年', to: '质保两年' },
    ];
    const d = await detail(seller.admin.token, `enquiryId=${enquiry.id}`);
    expect(d.data.quotation!.versions.map((v) => [v.version, v.changes])).toEqual([[2, expected], [1, []]]);
    // The purchaser reads the same history on its offer detail (the enquiry is not sealed).
    const offer = await http.get<OfferDetail>(buyer.token, `/api/enquiry/offer?quotationId=${first.data.id}`);
    expect(offer.data.versions[0]!.changes).toEqual(expected);
    // A line left unquoted, then the contact: each its own change.
    const third = await submit(seller.admin.token, body({ baseVersion: 2, lines: [{ enquiryItemId: items[0]!.id, unitPrice: 1200, taxRate: 13 }], freight: 60, remark: '质保两年', contactPhone: '13900002222' }));
    expect(third.data.version).toBe(3);
    const v3 = (await detail(seller.admin.token, `enquiryId=${enquiry.id}`)).data.quotation!.versions[0]!;
    expect(v3.changes).toEqual([
      { field: '第2行「聚丙烯酰胺」单价（元）', from: '10.01', to: '未报价' },
      { field: '报价总额（元）', from: '2490.03', to: '2460.00' },
      { field: '联系电话', from: '13800001111', to: '13900002222' },
    ]);
  });

  it('a sealed enquiry: the purchaser still cannot read any version (nor its changes) before the deadline', async () => {
    const { buyer, seller, body } = await scene({ sealed: true });
    const first = await submit(seller.admin.token, body());
    expect((await submit(seller.admin.token, body({ baseVersion: 1, freight: 99 }))).data.version).toBe(2);
    const offer = await http.get<OfferDetail>(buyer.token, `/api/enquiry/offer?quotationId=${first.data.id}`);
    expect(offer.code).toBe(Code.CONFLICT);
    expect(JSON.stringify(offer)).not.toContain('99.00');
    // And the notice of the revision names no figure.
    const notes = await db().select().from(messages).where(eq(messages.companyId, buyer.companyId));
    expect(JSON.stringify(notes)).not.toContain('99.00');
  });

  it('quoting again after a withdrawal adds a version even when the figures are the same', async () => {
    const { seller, enquiry, body } = await scene();
    const first = await submit(seller.admin.token, body());
    expect((await http.post(seller.admin.token, '/api/quotation/withdraw', { id: first.data.id, reason: '价格有误' })).code).toBe(0);
    const again = await submit(seller.admin.token, body({ baseVersion: 1 }));
    expect(again.data).toMatchObject({ version: 2, status: QuotationStatus.QUOTED });
    const d = await detail(seller.admin.token, `enquiryId=${enquiry.id}`);
    expect(d.data.quotation!.versions[0]!.changes).toEqual([]);
  });
});

describe('who may quote', () => {
  it('member levels 2 and 3 pass the quotation/detail gate; 0 and 1 are told to upgrade', async () => {
    const { enquiry, body } = await scene();
    for (const level of [0, 1]) {
      const s = await makeQuotingSupplier(db(), `会员${level}级`, { memberLevel: level });
      expect(await detail(s.admin.token, `enquiryId=${enquiry.id}`)).toMatchObject({
        code: Code.MEMBER_REQUIRED,
        message: '请购买二级/三级会员',
      });
      expect(await submit(s.admin.token, body())).toMatchObject({ code: Code.MEMBER_REQUIRED });
    }
    for (const level of [2, 3]) {
      const s = await makeQuotingSupplier(db(), `会员${level}级可报`, { memberLevel: level });
      expect((await detail(s.admin.token, `enquiryId=${enquiry.id}`)).code).toBe(0);
      expect((await submit(s.admin.token, body())).code).toBe(0);
    }
    // Membership not enforced for the company (isMemberVail 0): level 0 passes.
    const free = await makeQuotingSupplier(db(), '未启用会员', { memberLevel: 0, isMemberVail: 0 });
    expect((await submit(free.admin.token, body())).code).toBe(0);
    expect(await offerCount(enquiry.id)).toBe(3);
  });

  it('only certified and approved suppliers quote; a purchaser is told suppliers only; never on its own enquiry', async () => {
    const { buyer, enquiry, body } = await scene();
    const uncertified = await makeQuotingSupplier(db(), '未认证', { certified: false });
    const d = await detail(uncertified.admin.token, `enquiryId=${enquiry.id}`);
    expect(d.data).toMatchObject({ canQuote: false, blockedReason: '企业认证通过后才能报价' });
    expect(await submit(uncertified.admin.token, body())).toMatchObject({
      code: Code.CONFLICT,
      message: '企业认证通过后才能报价',
    });
    const pending = await makeQuotingSupplier(db(), '待审核商家', { approved: false });
    await db()
      .update(companies)
      .set({ merchantStatus: MerchantStatus.PENDING })
      .where(eq(companies.id, pending.id));
    expect(await submit(pending.admin.token, body())).toMatchObject({
      code: Code.CONFLICT,
      message: '商家入驻审核通过后才能报价',
    });
    expect(await submit(buyer.token, body())).toMatchObject({
      code: Code.FORBIDDEN,
      message: '仅供应商可以报价，请使用供应商账号登录',
    });
    expect(await detail(buyer.token, `enquiryId=${enquiry.id}`)).toMatchObject({ code: Code.FORBIDDEN });

    const seller = await makeQuotingSupplier(db(), '自家询价');
    const own = await makeEnquiry(db(), seller.id);
    const ownBody = {
      ...body(),
      enquiryId: own.enquiry.id,
      lines: [{ enquiryItemId: own.items[0]!.id, unitPrice: 1, taxRate: 13 }],
    };
    expect(await submit(seller.admin.token, ownBody)).toMatchObject({
      code: Code.CONFLICT,
      message: '不能对本公司发布的询价报价',
    });
    expect(await quotationRows(enquiry.id)).toHaveLength(0);
    expect(await quotationRows(own.enquiry.id)).toHaveLength(0);
  });

  it('invitation-only enquiries: an uninvited supplier cannot see or quote; an invited one can', async () => {
    const invited = await makeQuotingSupplier(db(), '受邀供应商');
    const { seller, enquiry, body } = await scene({ invited: [invited.id] });
    expect(await detail(seller.admin.token, `enquiryId=${enquiry.id}`)).toMatchObject({
      code: Code.NOT_FOUND,
      message: '询价不存在或未邀请贵公司报价',
    });
    expect(await submit(seller.admin.token, body())).toMatchObject({
      code: Code.NOT_FOUND,
      message: '询价不存在或未邀请贵公司报价',
    });
    expect((await detail(invited.admin.token, `enquiryId=${enquiry.id}`)).data).toMatchObject({
      canQuote: true,
      enquiry: { visibility: 2 },
    });
    expect((await submit(invited.admin.token, body())).code).toBe(0);
    expect(await offerCount(enquiry.id)).toBe(1);
  });

  it('refuses drafts, closed enquiries and anything after the deadline (quote, revise, withdraw)', async () => {
    const { seller, enquiry, body } = await scene();
    const first = await submit(seller.admin.token, body());
    await db()
      .update(enquiries)
      .set({ deadline: new Date(Date.now() - 1000) })
      .where(eq(enquiries.id, enquiry.id));
    expect(await submit(seller.admin.token, body({ baseVersion: 1 }))).toMatchObject({
      code: Code.CONFLICT,
      message: '该询价已截止，不能再报价',
    });
    expect(
      await http.post(seller.admin.token, '/api/quotation/withdraw', { id: first.data.id, reason: '晚了' }),
    ).toMatchObject({ code: Code.CONFLICT, message: '询价已截止，不能撤回报价' });
    expect((await detail(seller.admin.token, `id=${first.data.id}`)).data).toMatchObject({
      canQuote: false,
      canWithdraw: false,
      blockedReason: '该询价已截止，不能再报价',
    });
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, first.data.id)),
    ).toHaveLength(1);

    const closed = await scene({ status: EnquiryStatus.CLOSED });
    expect(await submit(closed.seller.admin.token, closed.body())).toMatchObject({
      code: Code.CONFLICT,
      message: '该询价已截止，不能再报价',
    });
    const draft = await scene({ status: EnquiryStatus.DRAFT });
    expect(await submit(draft.seller.admin.token, draft.body())).toMatchObject({ code: Code.NOT_FOUND });
  });
});

describe('a repeated submit', () => {
  it('the same key replays the first answer; the same key with another body is refused', async () => {
    const { seller, enquiry, body } = await scene();
    const key = newIdempotencyKey();
    const one = await submit(seller.admin.token, body(), key);
    const again = await submit(seller.admin.token, body(), key);
    expect(again.data).toEqual(one.data);
    expect(await submit(seller.admin.token, body({ freight: 1 }), key)).toMatchObject({
      code: Code.CONFLICT,
      message: '该提交编号已用于另一份内容不同的报价，请刷新页面后重新提交',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/submit',
      headers: { 'x-token': seller.admin.token },
      payload: body(),
    });
    expect(bad.json()).toMatchObject({
      code: Code.INVALID,
      message: expect.stringContaining('Idempotency-Key'),
    });
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, one.data.id)),
    ).toHaveLength(1);
    expect(await offerCount(enquiry.id)).toBe(1);
  });

  it('parallel repeats of one key make one quotation and one version, every caller the same answer', async () => {
    const { seller, enquiry, body } = await scene();
    const key = newIdempotencyKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submit(seller.admin.token, body(), key)),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    const rows = await quotationRows(enquiry.id);
    expect(rows).toHaveLength(1);
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, rows[0]!.id)),
    ).toHaveLength(1);
    expect(
      await db().select().from(quotationLines).where(eq(quotationLines.quotationId, rows[0]!.id)),
    ).toHaveLength(2);
    expect(await offerCount(enquiry.id)).toBe(1);
  });

  it('parallel submits with different keys (two tabs) make one quotation: the others are told to refresh', async () => {
    const { seller, enquiry, body } = await scene();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(seller.admin.token, body())));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Code.CONFLICT)).toHaveLength(5);
    const rows = await quotationRows(enquiry.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(1);
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, rows[0]!.id)),
    ).toHaveLength(1);
    expect(await offerCount(enquiry.id)).toBe(1);
    // Parallel revisions on version 1: exactly one becomes version 2.
    const revisions = await Promise.all(
      Array.from({ length: 4 }, (_, i) => submit(seller.admin.token, body({ baseVersion: 1, freight: i }))),
    );
    expect(revisions.filter((a) => a.code === 0)).toHaveLength(1);
    expect(
      await db().select().from(quotationVersions).where(eq(quotationVersions.quotationId, rows[0]!.id)),
    ).toHaveLength(2);
  });
});

describe('what a supplier may read', () => {
  it('suppliers never read each other’s prices, through any call', async () => {
    const { buyer, seller, enquiry, body } = await scene();
    const a = await submit(seller.admin.token, body({ freight: 77.77 }));
    await http.post(buyer.token, '/api/quotation/thread/post', {
      quotationId: a.data.id,
      content: '请确认 1234.56 是否含运费',
    });
    const rival = await makeQuotingSupplier(db(), '竞争对手');
    crossCompanyCaller(rival.admin.token);
    const offerBefore = await quotationRows(enquiry.id);
    const threadBefore = await db()
      .select()
      .from(quotationMessages)
      .where(eq(quotationMessages.quotationId, a.data.id));
    const secret = /1234\.56|2469\.12|77\.77|2576\.92/;
    const answers = [
      await detail(rival.admin.token, `enquiryId=${enquiry.id}`),
      await detail(rival.admin.token, `id=${a.data.id}`),
      await http.post(rival.admin.token, '/api/quotation/list', {
        companyId: seller.id,
        sellerCompanyId: seller.id,
      }),
      await http.get(rival.admin.token, `/api/quotation/thread?quotationId=${a.data.id}`),
      await http.post(rival.admin.token, '/api/quotation/thread/post', {
        quotationId: a.data.id,
        content: '偷看',
      }),
      await http.post(rival.admin.token, '/api/quotation/thread/read', { id: a.data.id }),
      await http.post(rival.admin.token, '/api/quotation/withdraw', { id: a.data.id, reason: '试试' }),
    ];
    for (const r of answers) expect(JSON.stringify(r)).not.toMatch(secret);
    expect(answers[0]!.data).toMatchObject({ quotation: null, enquiry: { offerCount: 1 } });
    expect(
      answers
        .slice(1)
        .filter((r) => r.code !== 0)
        .map((r) => r.message),
    ).toEqual(['报价不存在', '报价不存在', '报价不存在', '报价不存在', '报价不存在']);
    expect((answers[2]!.data as QuotationListAnswer).total).toBe(0);
    // Neither withdrawn nor marked read: the seller's offer and the buyer's unread message are as they were.
    expect(await quotationRows(enquiry.id)).toEqual(offerBefore);
    expect(
      await db().select().from(quotationMessages).where(eq(quotationMessages.quotationId, a.data.id)),
    ).toEqual(threadBefore);
    expect((await detail(seller.admin.token, `id=${a.data.id}`)).data.quotation!.unreadCount).toBe(1);
    // The rival quotes too: its detail shows its own offer only.
    const { items } = {
      items: (await detail(rival.admin.token, `enquiryId=${enquiry.id}`)).data.enquiry.items,
    };
    const b = await submit(
      rival.admin.token,
      body({ freight: 1, lines: [{ enquiryItemId: items[0]!.id, unitPrice: 999, taxRate: 13 }] }),
    );
    const mine = await detail(rival.admin.token, `enquiryId=${enquiry.id}`);
    expect(mine.data.quotation!.id).toBe(b.data.id);
    expect(JSON.stringify(mine)).not.toMatch(secret);
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/export',
      headers: { 'x-token': rival.admin.token },
      payload: { companyId: seller.id, sellerCompanyId: seller.id },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(cells).not.toMatch(secret);
    expect(cells).toContain(enquiry.code);
    // The rival's own offer only: its one data row.
    expect(wb.worksheets[0]!.actualRowCount).toBe(2);
  });
});

describe('the thread', () => {
  it('purchaser and supplier talk with unread counts and inbox notices; a third company can neither read nor post', async () => {
    const { buyer, seller, enquiry, body } = await scene();
    const { data } = await submit(seller.admin.token, body());
    const id = data.id;
    const posted = await http.post<ThreadAnswer>(seller.admin.token, '/api/quotation/thread/post', {
      quotationId: id,
      content: '可提供检测报告',
    });
    expect(posted).toMatchObject({
      code: 0,
      data: {
        side: 2,
        counterpartName: `询价采购商${seq}`,
        messages: [{ mine: true, content: '可提供检测报告', side: 2 }],
      },
    });
    const [notice] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'quotation_message')));
    expect(notice).toMatchObject({
      content: '可提供检测报告',
      linkPath: `/customer/enquiry/offerDetail?id=${id}&enquiryId=${enquiry.id}`,
    });

    const seen = await http.get<ThreadAnswer>(buyer.token, `/api/quotation/thread?quotationId=${id}`);
    expect(seen.data).toMatchObject({
      side: 1,
      unreadCount: 1,
      messages: [{ mine: false, companyName: `报价供应商${seq}` }],
    });
    expect((await http.post(buyer.token, '/api/quotation/thread/read', { id })).code).toBe(0);
    expect(
      (await http.get<ThreadAnswer>(buyer.token, `/api/quotation/thread?quotationId=${id}`)).data.unreadCount,
    ).toBe(0);

    await http.post(buyer.token, '/api/quotation/thread/post', {
      quotationId: id,
      content: '请报含税到厂价',
    });
    await http.post(buyer.token, '/api/quotation/thread/post', { quotationId: id, content: '周五前回复' });
    const list = await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {});
    expect(list.data.list.find((r) => r.id === id)).toMatchObject({ unreadCount: 2 });
    expect((await detail(seller.admin.token, `id=${id}`)).data.quotation!.unreadCount).toBe(2);
    const [toSeller] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, seller.id), eq(messages.type, 'quotation_message')));
    expect(toSeller!.linkPath).toBe(`/customer/quotation/detail?id=${id}`);
    await http.post(seller.admin.token, '/api/quotation/thread/read', { id });
    expect(
      (await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {})).data.list.find(
        (r) => r.id === id,
      )!.unreadCount,
    ).toBe(0);

    const third = await makePurchaser(db(), '无关采购商');
    crossCompanyCaller(third.token);
    expect(await http.get(third.token, `/api/quotation/thread?quotationId=${id}`)).toMatchObject({
      code: Code.NOT_FOUND,
      message: '报价不存在',
    });
    expect(
      await http.post(third.token, '/api/quotation/thread/post', { quotationId: id, content: '插话' }),
    ).toMatchObject({ code: Code.NOT_FOUND });
    expect(
      await http.post(seller.admin.token, '/api/quotation/thread/post', { quotationId: id, content: '' }),
    ).toMatchObject({ code: Code.INVALID, message: expect.stringContaining(THREAD_MESSAGE_EMPTY) });
    expect(
      (await http.get<ThreadAnswer>(buyer.token, `/api/quotation/thread?quotationId=${id}`)).data.messages,
    ).toHaveLength(3);
  });

  it('a supplier sends a PDF and an image in the thread; the purchaser sees and opens them; foreign or too many files are refused', async () => {
    const { buyer, seller, body } = await scene();
    const { data } = await submit(seller.admin.token, body());
    const id = data.id;
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const { payload, headers } = await multipartBody([{ name: '检测报告.pdf', body: PDF }]);
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/UploadHandler.ashx?appName=enquiry',
        payload,
        headers: { ...headers, 'x-token': seller.admin.token },
      })
    ).json<{ code: number; message: string; data: { fileRelativePath: string }[] }>();
    expect(up.code, up.message).toBe(0);
    const pdf = up.data[0]!.fileRelativePath;
    const photo = await uploadedFile(t.app, seller.admin.token);
    const attachments = [
      { name: '检测报告.pdf', path: pdf },
      { name: '现场照片.png', path: photo },
    ];
    const posted = await http.post<ThreadAnswer>(seller.admin.token, '/api/quotation/thread/post', {
      quotationId: id,
      content: '附检测报告和现场照片',
      attachments,
    });
    expect(posted.code, posted.message).toBe(0);
    expect(posted.data.messages).toMatchObject([{ mine: true, attachments }]);
    const seen = await http.get<ThreadAnswer>(buyer.token, `/api/quotation/thread?quotationId=${id}`);
    expect(seen.data.messages).toMatchObject([
      { mine: false, side: 2, content: '附检测报告和现场照片', attachments },
    ]);
    // The purchaser opens the PDF from the file host; a visitor cannot (a private document, decision 0171).
    expect((await t.app.inject({ method: 'GET', url: `/f/${pdf}` })).statusCode).toBe(404);
    const opened = await t.app.inject({ method: 'GET', url: `/f/${pdf}`, headers: { 'x-token': buyer.token } });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The purchaser cannot pass off the supplier's file as its own, nor send more than the limit.
    const before = (await db().select().from(quotationMessages).where(eq(quotationMessages.quotationId, id)))
      .length;
    expect(
      await http.post(buyer.token, '/api/quotation/thread/post', {
        quotationId: id,
        content: '转发',
        attachments: [{ name: '检测报告.pdf', path: pdf }],
      }),
    ).toMatchObject({ code: Code.INVALID, message: '附件不存在或不是本公司上传的文件' });
    const own = await uploadedFile(t.app, buyer.token);
    expect(
      await http.post(buyer.token, '/api/quotation/thread/post', {
        quotationId: id,
        content: '图纸',
        attachments: Array.from({ length: 6 }, (_, i) => ({ name: `图纸${i}.png`, path: own })),
      }),
    ).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('最多上传5个附件') });
    expect(
      (await db().select().from(quotationMessages).where(eq(quotationMessages.quotationId, id))).length,
    ).toBe(before);

    // Attachments alone are a message (no text needed); neither text nor attachments is refused.
    const drawing = [{ name: '现场图纸.png', path: own }];
    for (const content of [undefined, '', '   ']) {
      expect(
        await http.post(buyer.token, '/api/quotation/thread/post', { quotationId: id, content }),
      ).toMatchObject({ code: Code.INVALID, message: expect.stringContaining(THREAD_MESSAGE_EMPTY) });
    }
    const bare = await http.post<ThreadAnswer>(buyer.token, '/api/quotation/thread/post', {
      quotationId: id,
      attachments: drawing,
    });
    expect(bare.code, bare.message).toBe(0);
    expect(bare.data.messages.at(-1)).toMatchObject({ mine: true, content: '', attachments: drawing });
    const spaced = await http.post<ThreadAnswer>(buyer.token, '/api/quotation/thread/post', {
      quotationId: id,
      content: '  ',
      attachments: drawing,
    });
    expect(spaced.data.messages.at(-1)).toMatchObject({ content: '', attachments: drawing });
    expect(
      (await http.get<ThreadAnswer>(seller.admin.token, `/api/quotation/thread?quotationId=${id}`)).data
        .messages,
    ).toHaveLength(before + 2);
    // The supplier's inbox names the file instead of an empty line.
    const notices = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, seller.id), eq(messages.type, 'quotation_message')))
      .orderBy(messages.id);
    expect(notices.at(-1)!.content).toBe('附件：现场图纸.png');
  });

  it('a sealed enquiry hides the thread from the purchaser until the deadline, and the notice names nobody', async () => {
    const { buyer, seller, body } = await scene({ sealed: true });
    const { data } = await submit(seller.admin.token, body());
    const [notice] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'quotation_new')));
    expect(notice!.title).toContain('一家供应商提交了报价');
    expect(notice!.content).not.toMatch(/\d+\.\d\d/);
    expect(
      (
        await http.post(seller.admin.token, '/api/quotation/thread/post', {
          quotationId: data.id,
          content: '已报价',
        })
      ).code,
    ).toBe(0);
    expect(await http.get(buyer.token, `/api/quotation/thread?quotationId=${data.id}`)).toMatchObject({
      code: Code.CONFLICT,
      message: '密封报价在截止前不能查看报价和留言',
    });
  });
});

describe('the live thread', () => {
  /** A signed-in /api/ws socket collecting what it is sent (the inbox test's helper, reduced). */
  async function live(base: string, token: string) {
    const ws = new WebSocket(`${base}/api/ws`);
    const events: LiveEvent[] = [];
    const hello = new Promise<void>((resolve) =>
      ws.on('message', (raw) => {
        const e = JSON.parse(String(raw)) as LiveEvent;
        events.push(e);
        if (e.type === 'hello') resolve();
      }),
    );
    await new Promise<void>((r) => ws.once('open', () => r()));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await hello;
    return { ws, threads: () => events.filter((e) => e.type === 'thread') };
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('a posted message is pushed to the sockets of the purchaser and that supplier only (not to a rival or a third company); sealed: the supplier only', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const { buyer, seller, body } = await scene();
    const rival = await makeQuotingSupplier(db(), '旁观供应商');
    const third = await makePurchaser(db(), '旁观采购商');
    const { data } = await submit(seller.admin.token, body());
    expect((await submit(rival.admin.token, body())).code).toBe(0);
    const [b, s, r, x] = await Promise.all(
      [buyer.token, seller.admin.token, rival.admin.token, third.token].map((tok) => live(base, tok)),
    );
    const posted = await http.post(buyer.token, '/api/quotation/thread/post', {
      quotationId: data.id,
      content: '能否提前交货？',
    });
    expect(posted.code).toBe(0);
    await until(() => b.threads().length > 0 && s.threads().length > 0);
    for (const side of [b, s]) expect(side.threads()).toEqual([{ type: 'thread', quotationId: data.id }]);
    // Give the bus time to deliver to the others, had it been sent to them.
    await new Promise((res) => setTimeout(res, 300));
    expect(r.threads()).toEqual([]);
    expect(x.threads()).toEqual([]);

    // A sealed enquiry before its deadline: the purchaser cannot open the thread, so its sockets hear nothing.
    const sealed = await scene({ sealed: true });
    const q = await submit(sealed.seller.admin.token, sealed.body());
    const [sb, ss] = await Promise.all([
      live(base, sealed.buyer.token),
      live(base, sealed.seller.admin.token),
    ]);
    await http.post(sealed.seller.admin.token, '/api/quotation/thread/post', {
      quotationId: q.data.id,
      content: '已报价',
    });
    await until(() => ss.threads().length > 0);
    expect(ss.threads()).toEqual([{ type: 'thread', quotationId: q.data.id }]);
    await new Promise((res) => setTimeout(res, 300));
    expect(sb.threads()).toEqual([]);
    for (const c of [b, s, r, x, sb, ss]) c.ws.close();
  });
});

describe('expiry and the list', () => {
  it('an offer past its validity shows 已失效 and is not awardable; revising renews it', async () => {
    const { seller, enquiry, body } = await scene();
    const { data } = await submit(seller.admin.token, body());
    const [row] = await quotationRows(enquiry.id);
    expect(isAwardable(row!)).toBe(true);
    await db()
      .update(quotations)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(quotations.id, data.id));
    const [expired] = await quotationRows(enquiry.id);
    expect(isAwardable(expired!)).toBe(false);
    expect((await detail(seller.admin.token, `id=${data.id}`)).data.quotation!.status).toBe(
      QuotationStatus.EXPIRED,
    );
    const list = await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {
      status: QuotationStatus.EXPIRED,
    });
    expect(list.data).toMatchObject({ total: 1, counts: { '5': 1 }, list: [{ id: data.id, status: 5 }] });
    expect((await submit(seller.admin.token, body({ baseVersion: 1 }))).data).toMatchObject({
      version: 2,
      status: QuotationStatus.REVISED,
    });
    const [renewed] = await quotationRows(enquiry.id);
    expect(isAwardable(renewed!)).toBe(true);
    expect(isAwardable({ ...renewed!, status: QuotationStatus.WITHDRAWN })).toBe(false);
    expect(isAwardable({ ...renewed!, status: QuotationStatus.WON })).toBe(false);
  });

  it('lists my offers with status counts, keyword and date filters, paging and an Excel export', async () => {
    const seller = await makeQuotingSupplier(db(), '列表供应商');
    const buyer = await makePurchaser(db(), '列表采购商');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { enquiry, items } = await makeEnquiry(db(), buyer.companyId);
      const r = await submit(seller.admin.token, {
        enquiryId: enquiry.id,
        baseVersion: 0,
        lines: [{ enquiryItemId: items[0]!.id, unitPrice: 100 + i, taxRate: 13 }],
        leadDays: 3,
        validUntil: day(10),
        contactName: '李',
        contactPhone: '13900001111',
      });
      ids.push(r.data.id);
    }
    await http.post(seller.admin.token, '/api/quotation/withdraw', { id: ids[0], reason: '不做了' });
    const all = await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {
      pageSize: 2,
    });
    expect(all.data).toMatchObject({ total: 3, counts: { '1': 2, '6': 1 } });
    expect(all.data.list).toHaveLength(2);
    expect(all.data.list[0]).toMatchObject({
      buyerCompanyName: '列表采购商',
      enquiryStatus: EnquiryStatus.QUOTING,
    });
    const withdrawn = await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {
      status: 6,
    });
    expect(withdrawn.data.list.map((r) => r.id)).toEqual([ids[0]]);
    const [one] = await db()
      .select({ title: enquiries.title, code: enquiries.code })
      .from(quotations)
      .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
      .where(eq(quotations.id, ids[1]!));
    expect(
      (
        await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {
          keyword: one!.code,
        })
      ).data.list.map((r) => r.id),
    ).toEqual([ids[1]]);
    expect(
      (await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', { dateFrom: day(1) }))
        .data.total,
    ).toBe(0);
    expect(
      (
        await http.post<QuotationListAnswer>(seller.admin.token, '/api/quotation/list', {
          dateFrom: day(0),
          dateTo: day(0),
        })
      ).data.total,
    ).toBe(3);
    expect(
      await http.post(seller.admin.token, '/api/quotation/list', { dateFrom: '2026-13-45' }),
    ).toMatchObject({ code: Code.INVALID });
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/quotation/export',
      headers: { 'x-token': seller.admin.token },
      payload: { status: 1 },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(3);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('询价单号');
  });
});
