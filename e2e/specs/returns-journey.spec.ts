import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { fillReturnAddress, fillShipment, uploadTransferProof } from './trade-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

type Answer<T> = { code: number; message: string; data: T };
const json = async <T>(res: { json: () => Promise<unknown> }) => (await res.json()) as Answer<T>;

/**
 * The return journey across both sides (decision 0184): the demo purchaser 18800000004 buys from 18800000002
 * (placing, confirming, shipping and receipt through the API — the trade journey covers those screens — paying
 * on screen), the order is invoiced through the invoice calls, then everything after is done on screen: a quality-fault return,
 * approval with a return address, shipping back with a catalogue carrier and tracking number, the return parcel's
 * route on both sides up to 签收 (the 快递100 sandbox), receipt as 不良品, the
 * refund, the red-letter prompt and the partial red-letter invoice.
 */
test('a quality-fault return of an invoiced order: return address, 不良品 receipt, refund and the partial red-letter invoice', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const buyer = { 'x-token': await tokenOf(request, '18800000004') };
  const sellerHeaders = { 'x-token': await tokenOf(request, '18800000002') };

  // The purchaser buys one unit (placed and confirmed through the API as the money journey does, paid with a
  // transfer proof on screen); the supplier confirms the payment and ships; the purchaser confirms receipt.
  const call = async <T>(headers: Record<string, string>, url: string, data: object) => {
    const body = await json<T>(await request.post(url, { headers, data }));
    expect(body.code, `${url}: ${body.message}`).toBe(0);
    return body.data;
  };
  // A product sold by the 吨 or 件 from one unit, in stock: the newest products depend on which specs ran before.
  const products = await call<{ list: { sysNo: number; minOrder: number; unit: string; stock: number }[] }>(sellerHeaders, '/api/myproduct/list', { onSale: 1, pageIndex: 1, pageSize: 50 });
  const pick = products.list.find((p) => p.minOrder <= 1 && /吨|件/.test(p.unit) && p.stock >= 10) ?? products.list[0]!;
  const product = await json<{ skus: { sysNo: number }[] }>(await request.get(`/api/myproduct/detail?id=${pick.sysNo}`, { headers: sellerHeaders }));
  const items = [{ skuId: product.data.skus[0]!.sysNo, quantity: Math.max(1, Number(pick.minOrder) || 1) }];
  const preview = await call<{ totalAmount: number }>(buyer, '/api/checkout/preview', { items });
  const addresses = await json<{ sysNo: number }[]>(await request.get('/api/address/list', { headers: buyer }));
  const placed = await json<{ orders: { id: number; orderNo: string }[] }>(
    await request.post('/api/checkout/submit', {
      headers: { ...buyer, 'idempotency-key': crypto.randomUUID() },
      data: { source: { items }, addressId: addresses.data[0]!.sysNo, invoiceKind: 0, shownTotal: preview.totalAmount },
    }),
  );
  expect(placed.code, placed.message).toBe(0);
  const order = { ...placed.data.orders[0]!, totalAmount: String(preview.totalAmount) };
  await call(sellerHeaders, '/api/order/confirm', { orderId: order.id });
  await signIn(page, '18800000004');
  await page.goto(`/customer/order/detail?type=0&id=${order.id}`);
  await uploadTransferProof(page);
  await call(sellerHeaders, '/api/order/payConfirm', { orderId: order.id, receivedAmount: preview.totalAmount, receivedNote: `订单${order.orderNo}` });
  const placedDetail = await json<{ lines: { id: number; quantity: number }[] }>(await request.get(`/api/order/detail?id=${order.id}&type=6`, { headers: sellerHeaders }));
  await call(sellerHeaders, '/api/order/ship', { orderId: order.id, lines: placedDetail.data.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })), carrier: '顺丰速运', trackingNo: 'SF5566778899' });
  await call(buyer, '/api/order/receive', { orderId: order.id });

  // The purchaser asks for the whole order's invoice (专用, its saved title) and the supplier issues it.
  const titles = await json<{ sysNo: number; kind: number }[]>(await request.get('/api/invoice-title/list', { headers: buyer }));
  const title = titles.data.find((x) => x.kind === 2) ?? titles.data[0]!;
  const asked = await json<{ id: number }>(await request.post('/api/invoice/request', { headers: buyer, data: { kind: title.kind, titleId: title.sysNo, orders: [{ orderId: order.id }], remark: '' } }));
  expect(asked.code, asked.message).toBe(0);
  const upload = await json<{ fileRelativePath: string }[]>(
    await request.post('/UploadHandler.ashx?appName=invoice', { headers: sellerHeaders, multipart: { file: { name: '发票.pdf', mimeType: 'application/pdf', buffer: PDF } } }),
  );
  expect(upload.code, upload.message).toBe(0);
  const totalFen = Math.round(Number(order.totalAmount) * 100);
  const exFen = Math.round((totalFen * 100) / 113);
  const issued = await json(await request.post('/api/invoice/issue', {
    headers: sellerHeaders,
    data: { id: asked.data.id, invoiceNo: '33001122', invoiceDate: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10), amountExTax: exFen / 100, taxRate: 13, taxAmount: (totalFen - exFen) / 100, files: [{ name: '发票.pdf', path: upload.data[0]!.fileRelativePath }] },
  }));
  expect(issued.code, issued.message).toBe(0);

  // The purchaser applies for a return of one unit for a quality fault.
  await page.goto(`/customer/order/detail?type=0&id=${order.id}`);
  await page.getByRole('button', { name: '申请售后' }).click();
  await expect(page.getByRole('radio', { name: '退货退款' })).toBeChecked();
  await page.getByRole('spinbutton').first().fill('1');
  await page.locator('.ant-form-item', { hasText: '售后原因' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option[title="质量问题"]').click();
  await page.locator('#description').fill('药剂受潮结块，溶解后絮凝效果差');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page).toHaveURL(/rmaEditor\?type=0&id=\d+/);
  const rmaId = Number(new URL(page.url()).searchParams.get('id'));

  // The supplier approves with a return address typed in and kept in its address book.
  const seller = await browser.newPage();
  await signIn(seller, '18800000002');
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await seller.getByRole('button', { name: /同\s*意/ }).click();
  const receiver = `退货仓 周${Date.now() % 100000}`;
  await fillReturnAddress(seller, receiver);
  await seller.locator('.ant-modal').getByRole('checkbox', { name: /保存到地址管理/ }).check();
  await seller.locator('.ant-modal').getByRole('button', { name: /同\s*意/ }).click();
  await expect(seller.getByText('已同意售后申请')).toBeVisible();
  await seller.goto('/customer/address');
  await expect(seller.getByRole('tab', { name: '退货地址' })).toHaveAttribute('aria-selected', 'true');
  await expect(seller.getByRole('row', { name: new RegExp(receiver) })).toBeVisible();

  // The purchaser sees the address with copy buttons and ships back; a bad tracking number is refused in Chinese.
  await page.reload();
  const address = page.getByTestId('return-address');
  await expect(address).toContainText(receiver);
  await expect(address).toContainText('13912345678');
  await expect(address).toContainText('北京市 北京市 东城区 东城区安定门外大街100号 退货仓库');
  await expect(address.locator('.ant-typography-copy')).toHaveCount(4);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await page.screenshot({ path: `../docs/screenshots/returns-detail-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  // The carrier comes from the logistics catalogue and the number must fit it (as shipping an order does); a
  // number with other characters is refused too.
  const shipBack = page.locator('.ant-card', { hasText: '请将商品寄回' });
  await fillShipment(page, shipBack, '顺丰速运', 'SF 12#');
  await page.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(page.getByText('物流单号只能包含字母、数字和短横线')).toBeVisible();
  await shipBack.getByLabel('运单号', { exact: true }).fill('YT1234567890123');
  await page.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(page.getByText(/顺丰速运运单号格式不正确/)).toBeVisible();
  const returnNo = `SF${String(300000000000 + rmaId).slice(-12)}`;
  await shipBack.getByLabel('运单号', { exact: true }).fill(returnNo);
  await page.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(page.getByText('寄回物流已提交')).toBeVisible();

  // Both sides follow the return parcel as the 快递100 sandbox pushes its route, up to 签收; the supplier is told.
  const returnCard = (p: typeof page) => p.locator('.ant-card').filter({ has: p.locator('.ant-card-head', { hasText: '退货物流跟踪' }) });
  await expect(returnCard(page)).toContainText(`顺丰速运 ${returnNo}`);
  await expect(returnCard(page).locator('.ant-tag', { hasText: '已签收' })).toBeVisible({ timeout: 45_000 });
  await expect(returnCard(page).locator('.ant-timeline-item')).toHaveCount(5);
  await expect(returnCard(page)).toContainText('快件已签收');
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await expect(returnCard(seller)).toContainText(`顺丰速运 ${returnNo}`);
  await expect(returnCard(seller).locator('.ant-tag', { hasText: '已签收' })).toBeVisible();
  await expect(returnCard(seller)).toContainText(/签收于 \d{4}-\d{2}-\d{2}/);
  for (const width of [1366, 390]) {
    await seller.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    await seller.screenshot({ path: `../docs/screenshots/returns-tracking-${width}.png`, fullPage: true });
  }
  await seller.setViewportSize({ width: 1366, height: 900 });
  await seller.goto('/customer/message/index');
  await expect(seller.getByText(/退货包裹已签收/).first()).toBeVisible();

  // The supplier receives: the quality fault opens on 不良品 and stays so.
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await seller.getByRole('button', { name: '确认收货' }).click();
  const receipt = seller.locator('.ant-modal');
  await expect(receipt.getByRole('row', { name: /聚合|吨|件/ }).first()).toContainText('不良品');
  await expect(receipt).toContainText('合计：不良品 1');
  await receipt.getByRole('button', { name: /确认收货/ }).click();
  await expect(seller.getByText('已确认收货，退回商品已按处理方式入库')).toBeVisible();
  await expect(seller.getByRole('row', { name: /不良品/ })).toBeVisible();

  // The refund; the order was invoiced, so the red-letter prompt appears and leads to the invoice.
  await seller.getByRole('button', { name: '登记退款' }).click();
  const refund = seller.locator('.ant-modal');
  const refundAmount = await refund.locator('#amount').inputValue();
  await refund.getByRole('button', { name: '登记退款' }).click();
  await expect(seller.getByText('退款已登记，售后完成')).toBeVisible();
  const prompt = seller.getByTestId('reversal-prompt');
  await expect(prompt).toContainText(`红字发票`);
  await prompt.getByRole('button', { name: '去红冲' }).click();
  await expect(seller).toHaveURL(new RegExp(`invoice/index\\?type=1&id=${asked.data.id}`));
  const pending = seller.getByTestId('pending-reversal');
  await expect(pending).toContainText('待红冲');
  await pending.getByRole('button', { name: '开具红字发票' }).click();
  const red = seller.locator('.ant-modal', { hasText: '部分红冲' });
  await expect(red).toContainText(`-¥${Number(refundAmount.replace(/[^\d.]/g, '')).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  await red.locator('#invoiceNo').fill('33001199');
  await red.getByRole('button', { name: '确认红冲' }).click();
  await expect(seller.getByText('发票已红冲').first()).toBeVisible();
  await expect(seller.getByTestId('pending-reversal')).toHaveCount(0);

  // The list's 待红冲 filter is empty for this invoice now; the request shows the red-letter invoice.
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await expect(seller.getByText(/已开具红字发票 FP/)).toBeVisible();
  await page.goto(`/customer/order/detail?type=0&id=${order.id}`);
  await expect(page.getByTestId('invoice-net')).toContainText(`已退款 ¥${Number(refundAmount.replace(/[^\d.]/g, '')).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
});
