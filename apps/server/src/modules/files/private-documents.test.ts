import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BidStatus, OrderStatus, TenderBidStatus, type TenderDetail } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bids, enquiries, tenderBids } from '../../db/schema/index.ts';
import {
  advanceOrder,
  api,
  image,
  ensurePayeeAccount,
  insertEnquiry,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  multipartBody,
  signedInPlatformAdmin,
  uploadedFile,
} from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { FILE_COOKIE } from './access.ts';

/**
 * Private documents (docs/decisions/0171-private-documents.md): a transfer proof, an invoice file or an
 * invitation-only enquiry's attachment is served to the uploader's company, the other party of the record and
 * platform administrators — never to an outsider company or a visitor — while public images stay public and
 * cacheable. The browser's session reaches the file host as the HttpOnly file cookie every API answer sets.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

/** GET /f/<key> with the x-token header, the file cookie or nothing. */
async function open(key: string, who: { token?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (who.token) headers['x-token'] = who.token;
  if (who.cookie) headers.cookie = who.cookie;
  const res = await t.app.inject({ method: 'GET', url: `/f/${key}`, headers });
  return { status: res.statusCode, cache: String(res.headers['cache-control'] ?? '') };
}

/** The file cookie a signed-in browser holds after any API answer. */
async function fileCookie(token: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/appuser/loginuserinfo', headers: { 'x-token': token } });
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${FILE_COOKIE}=`));
  expect(set, 'file cookie').toBeDefined();
  expect(set).toMatch(/HttpOnly/);
  return set!.split(';')[0]!;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function uploadTo(folder: string, token: string, pdf = false): Promise<string> {
  const file = pdf ? { name: 'doc.pdf', body: PDF, type: 'application/pdf' } : { name: 'doc.png', body: await image(24, 24, 'png') };
  const { payload, headers } = await multipartBody([file]);
  const res = await t.app.inject({ method: 'POST', url: `/UploadHandler.ashx?appName=${folder}`, payload, headers: { ...headers, 'x-token': token } });
  return res.json<{ data: { fileRelativePath: string }[] }>().data[0]!.fileRelativePath;
}

describe('private documents on the file host', () => {
  it('a transfer proof: the buyer and the seller (by cookie or token) and the platform see it; an outsider and a visitor do not', async () => {
    const seller = await makeSupplier(db(), '凭证供应商');
    const buyer = await makePurchaser(db(), '凭证采购商');
    const outsider = await makePurchaser(db(), '凭证外人');
    const admin = await signedInPlatformAdmin(db());
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const order = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await advanceOrder(db(), order.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
    // The buyer uploads the proof like any picture (no folder) and pays with it.
    const proof = await uploadedFile(t.app, buyer.token);
    expect((await open(proof)).status).toBe(200); // not yet attached to anything: an ordinary upload
    await ensurePayeeAccount(db(), seller.id);
    const paid = await call(t.app, buyer.token, 'POST', '/api/order/pay', { orderId: order.id, method: 1, proofFiles: [proof], payerName: '凭证采购商' });
    expect(paid.code).toBe(0);

    expect((await open(proof)).status).toBe(404);
    expect((await open(proof, { token: outsider.token })).status).toBe(404);
    expect((await open(proof, { cookie: await fileCookie(outsider.token) })).status).toBe(404);
    expect((await open(`w120/${proof}`, { cookie: await fileCookie(outsider.token) })).status).toBe(404);
    expect((await open(proof, { cookie: `${FILE_COOKIE}=forged` })).status).toBe(404);
    // The resized copy the seller's view stored is not a way around the check either.
    expect((await open(`w120/${proof}`, { token: seller.admin.token })).status).toBe(200);
    expect((await open(`cache/w120/${proof}`)).status).toBe(404);

    const mine = await open(proof, { cookie: await fileCookie(buyer.token) });
    expect(mine).toEqual({ status: 200, cache: 'private, no-cache' });
    expect((await open(proof, { cookie: await fileCookie(seller.admin.token) })).status).toBe(200);
    expect((await open(`w120/${proof}`, { token: seller.admin.token })).status).toBe(200);
    expect((await open(proof, { token: admin.token })).status).toBe(200);
  });

  it('an invoice-folder upload is private from the start: only its company and the platform', async () => {
    const seller = await makeSupplier(db(), '发票供应商');
    const outsider = await makeSupplier(db(), '发票外人');
    const admin = await signedInPlatformAdmin(db());
    const key = await uploadTo('invoice', seller.admin.token);
    expect((await open(key)).status).toBe(404);
    expect((await open(key, { token: outsider.admin.token })).status).toBe(404);
    expect((await open(key, { token: seller.admin.token })).status).toBe(200);
    expect((await open(key, { token: admin.token })).status).toBe(200);
  });

  it("an invitation-only enquiry's attachment: invited suppliers yes, others no; a public enquiry's: anyone", async () => {
    const buyer = await makePurchaser(db(), '附件采购商');
    const invited = await makeSupplier(db(), '受邀供应商');
    const other = await makeSupplier(db(), '未邀供应商');
    const key = await uploadTo('enquiry', buyer.token);
    const e = await insertEnquiry(db(), buyer.companyId, { invited: [invited.id] });
    await db().update(enquiries).set({ attachments: [{ name: '图纸.png', path: key }] }).where(eq(enquiries.id, e.id));
    expect((await open(key, { token: invited.admin.token })).status).toBe(200);
    expect((await open(key, { token: other.admin.token })).status).toBe(404);
    expect((await open(key)).status).toBe(404);

    const open2 = await uploadTo('enquiry', buyer.token);
    const pub = await insertEnquiry(db(), buyer.companyId);
    await db().update(enquiries).set({ attachments: [{ name: '图纸.png', path: open2 }] }).where(eq(enquiries.id, pub.id));
    expect((await open(open2)).status).toBe(200);
  });

  it('public images stay public and cacheable for everyone', async () => {
    const seller = await makeSupplier(db(), '公开图片供应商');
    const picture = await uploadedFile(t.app, seller.admin.token);
    const anonymous = await open(picture);
    expect(anonymous.status).toBe(200);
    expect(anonymous.cache).toContain('public');
    expect((await open(`w120/${picture}`)).status).toBe(200);
    const product = await uploadTo('product', seller.admin.token);
    expect((await open(product)).status).toBe(200);
  });
});

describe('bid files follow the sealed reader (decision 0160)', () => {
  const DAY = 86_400_000;
  type Supplier = Awaited<ReturnType<typeof makeSupplier>>;
  const http = () => api(t.app);
  const detail = (token: string, id: number) => http().get<TenderDetail>(token, `/api/tender/detail?id=${id}`);
  const bidWith = async (s: Supplier, tenderId: number, lotId: number, doc?: string) => {
    const documents = doc ? [{ name: '投标文件', path: doc }] : [];
    const res = await http().post(s.admin.token, '/api/tender/bid', { tenderId, prices: [{ lotId, price: 100 }], validityDays: 90, documents });
    expect(res.code, res.message).toBe(0);
  };
  async function publishedTender(token: string, title: string): Promise<TenderDetail> {
    const deadline = new Date(Date.now() + 21 * DAY).toISOString();
    const lots = [{ name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨' }];
    const body = { title, category: '水处理药剂', budget: 500000, content: '<p>详见招标文件</p>', lots, deadline, openAt: deadline, priceWeight: 60 };
    const saved = await http().post<{ id: number }>(token, '/api/tender/save', body);
    expect(saved.code, saved.message).toBe(0);
    expect((await http().post(token, '/api/tender/publish', { id: saved.data.id })).code).toBe(0);
    return (await detail(token, saved.data.id)).data;
  }
  /** The jobs ran on a clock past the deadline; the real clock gets past the opening time too. */
  async function runToOpening(id: number): Promise<void> {
    const [row] = await db().select().from(bids).where(eq(bids.id, id));
    await runDueJobs(db(), new Date(row!.openAt!.getTime() + 60_000));
    const past = new Date(Date.now() - 60_000);
    await db().update(bids).set({ deadline: past, openAt: past }).where(eq(bids.id, id));
  }

  it('the purchaser opens the current version of a confirmed bid only: never a withdrawn (待确认 at the deadline) or superseded one', async () => {
    const buyer = await makePurchaser(db(), '开标文件采购商');
    const [late, honest, c, d] = [await makeSupplier(db(), '未确认供应商'), await makeSupplier(db(), '已投标供应商'), await makeSupplier(db(), '投标供应商丙'), await makeSupplier(db(), '投标供应商丁')];
    const outsider = await makeSupplier(db(), '开标文件外人');
    const admin = await signedInPlatformAdmin(db());
    const tender = await publishedTender(buyer.token, '投标文件开标规则');
    const lotId = tender.lots[0]!.id;
    const lateDoc = await uploadTo('bid', late!.admin.token, true);
    const firstDoc = await uploadTo('bid', honest!.admin.token, true);
    const currentDoc = await uploadTo('bid', honest!.admin.token, true);
    await bidWith(late!, tender.id, lotId, lateDoc);
    await bidWith(honest!, tender.id, lotId, firstDoc);
    await bidWith(honest!, tender.id, lotId, currentDoc); // supersedes the first version
    await bidWith(c!, tender.id, lotId);
    await bidWith(d!, tender.id, lotId);
    expect((await open(currentDoc, { token: buyer.token })).status).toBe(404); // sealed before the opening

    // A change of the documents turns every bid 待确认; all but `late` reconfirm, so `late` is withdrawn at the deadline.
    const changed = await http().post(buyer.token, '/api/tender/save', {
      ...tender,
      budget: Number(tender.budget),
      lots: tender.lots.map((l) => ({ id: l.id, name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit })),
      content: '<p>补充技术要求</p>',
    });
    expect(changed.code, changed.message).toBe(0);
    const [amended] = await db().select().from(bids).where(eq(bids.id, tender.id));
    for (const s of [honest!, c!, d!]) {
      const res = await http().post(s.admin.token, '/api/tender/reconfirm', { id: tender.id, amendedAt: amended!.amendedAt!.toISOString() });
      expect(res.code, res.message).toBe(0);
    }
    await runToOpening(tender.id);
    expect((await detail(buyer.token, tender.id)).data.status).toBe(BidStatus.OPENED);
    const [lateBid] = await db().select().from(tenderBids).where(eq(tenderBids.companyId, late!.id));
    expect(lateBid!.status).toBe(TenderBidStatus.WITHDRAWN);

    expect((await open(currentDoc, { token: buyer.token })).status).toBe(200);
    expect((await open(currentDoc, { cookie: await fileCookie(buyer.token) })).status).toBe(200);
    expect((await open(lateDoc, { token: buyer.token })).status).toBe(404);
    expect((await open(`w120/${lateDoc}`, { token: buyer.token })).status).toBe(404);
    expect((await open(firstDoc, { token: buyer.token })).status).toBe(404);
    expect((await open(currentDoc, { token: outsider.admin.token })).status).toBe(404);
    // The supplier that uploaded it and the platform, as always.
    expect((await open(lateDoc, { token: late!.admin.token })).status).toBe(200);
    expect((await open(firstDoc, { token: honest!.admin.token })).status).toBe(200);
    expect((await open(lateDoc, { token: admin.token })).status).toBe(200);
  });

  it('a tender that failed (流标, never opened) keeps its bid files sealed after the opening time', async () => {
    const buyer = await makePurchaser(db(), '流标文件采购商');
    const only = await makeSupplier(db(), '唯一投标供应商');
    const tender = await publishedTender(buyer.token, '投标不足流标');
    const doc = await uploadTo('bid', only.admin.token, true);
    await bidWith(only, tender.id, tender.lots[0]!.id, doc);
    await runToOpening(tender.id);
    expect((await detail(buyer.token, tender.id)).data.status).toBe(BidStatus.FAILED);
    expect((await open(doc, { token: buyer.token })).status).toBe(404);
    expect((await open(doc, { token: only.admin.token })).status).toBe(200);
  });
});
