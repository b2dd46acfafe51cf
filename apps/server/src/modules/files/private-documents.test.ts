import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { enquiries } from '../../db/schema/index.ts';
import {
  advanceOrder,
  image,
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

async function uploadTo(folder: string, token: string): Promise<string> {
  const { payload, headers } = await multipartBody([{ name: 'doc.png', body: await image(24, 24, 'png') }]);
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
