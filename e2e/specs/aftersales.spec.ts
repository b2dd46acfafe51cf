import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { PNG } from './merchant-helpers.ts';
import { confirmAndAnswer, fillReturnAddress, fillShipment } from './trade-helpers.ts';

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

test('the purchaser returns one line of a completed order; the supplier approves, receives it into stock (退货入库) and refunds', async ({ page, browser, request }) => {
  // The demo seed's recent completed order of 18800000004 from 18800000002 (the orders' demo), still within
  // the after-sales period; the after-sales demo refunded part of an older one.
  const buyerToken = await tokenOf(request, '18800000004');
  const headers = { 'x-token': buyerToken };
  const completed = await request.post('/api/order/list', { headers, data: { type: 0, all: 1, status: 5, pageIndex: 1, pageSize: 50 } });
  const orders = ((await completed.json()) as { data: { list: { id: number; orderNo: string; sellerCompanyName: string }[] } }).data.list;
  let order: { id: number; orderNo: string } | undefined;
  for (const o of orders) {
    const info = await request.get(`/api/rma/applyInfo?orderId=${o.id}`, { headers });
    const d = ((await info.json()) as { data: { blockedReason: string | null; lines: { claimedQty: number }[] } }).data;
    if (o.sellerCompanyName === '江苏清源水处理科技有限公司' && d.blockedReason === null && d.lines.every((l) => l.claimedQty === 0)) order = o;
  }
  expect(order, 'a completed demo order within the after-sales period').toBeDefined();
  const { id: orderId, orderNo } = order!;
  const seeded = await request.post('/api/rma/list', { headers, data: { type: 0, status: 5, pageIndex: 1, pageSize: 10 } });
  expect(((await seeded.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);

  // The purchaser opens the order and applies for a return of one unit of the first line, with a photo.
  await signIn(page, '18800000004');
  await page.goto(`/customer/order/detail?type=0&id=${orderId}`);
  await page.getByRole('button', { name: '申请售后' }).click();
  await expect(page).toHaveURL(new RegExp(`rmaApply\\?orderId=${orderId}`));
  await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: '退货退款' })).toBeChecked();
  await page.getByRole('spinbutton').first().fill('1');
  await page.locator('.ant-form-item', { hasText: '售后原因' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option[title="质量问题"]').click();
  await page.locator('#description').fill('到货后发现结块，无法正常溶解');
  await page.locator('.ant-form-item', { hasText: '图片凭证' }).locator('input[type=file]').setInputFiles({ name: 'rma.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('售后申请已提交，等待供应商审核')).toBeVisible();
  await expect(page).toHaveURL(/rmaEditor\?type=0&id=\d+/);
  const rmaId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByText('等待供应商审核', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-card-head-title').first()).toContainText('待审核');

  // The supplier finds it in 售后处理 and approves it.
  const seller = await browser.newPage();
  await signIn(seller, '18800000002');
  await seller.goto('/customer/rma/rmaList?type=1');
  await seller.getByRole('tab', { name: '待审核' }).click();
  const row = seller.getByRole('row', { name: /到货|质量问题/ }).first();
  await expect(row).toContainText('退货退款');
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await expect(seller.getByText('采购商申请售后，请审核', { exact: true })).toBeVisible();
  await seller.getByRole('button', { name: /同\s*意/ }).click();
  await fillReturnAddress(seller);
  await seller.locator('.ant-modal').getByRole('button', { name: /同\s*意/ }).click();
  await expect(seller.getByText('已同意售后申请')).toBeVisible();
  await expect(seller.getByText('等待采购商寄回商品', { exact: true })).toBeVisible();

  // The purchaser ships the goods back.
  await page.reload();
  // The carrier comes from the logistics catalogue and the number must fit its format (returns-journey.spec.ts).
  await fillShipment(page, page.locator('body'), '顺丰速运', 'SF123456789012');
  await page.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(page.getByText('寄回物流已提交')).toBeVisible();
  await expect(page.getByText('商品已寄回，等待供应商确认收货', { exact: true })).toBeVisible();

  // The supplier confirms receipt (stock 退货入库), then records the offline refund.
  await seller.reload();
  await seller.getByRole('button', { name: '确认收货' }).click();
  // A quality fault opens on 不良品; this supplier finds the unit sound and puts it back into sellable stock.
  const receipt = seller.locator('.ant-modal');
  await receipt.getByRole('combobox').first().click();
  await seller.locator('.ant-select-item-option[title="良品入库"]').click();
  // The call's own answer first: a refusal then names itself instead of a missing toast (it flaked once in CI).
  const ok = receipt.getByRole('button', { name: /确认收货/ });
  expect(await confirmAndAnswer(seller, ok, '/api/rma/receive')).toMatchObject({ code: 0 });
  await expect(seller.getByText('已确认收货，退回商品已按处理方式入库')).toBeVisible();
  await seller.getByRole('button', { name: '登记退款' }).click();
  const modal = seller.locator('.ant-modal');
  await modal.locator('#note').fill('工商银行转账');
  await modal.getByRole('button', { name: '登记退款' }).click();
  await expect(seller.getByText('退款已登记，售后完成')).toBeVisible();
  await expect(seller.locator('.ant-card-head-title').first()).toContainText('已完成');
  await expect(seller.locator('.ant-descriptions-item-content', { hasText: '线下转账' })).toContainText('工商银行转账');
  for (const step of ['提交售后申请', '同意申请', '寄回商品', '确认收到退回商品', '登记退款']) {
    await expect(seller.locator('.ant-timeline').getByText(step, { exact: true })).toBeVisible();
  }

  // The purchaser sees it finished.
  await page.reload();
  await expect(page.locator('.ant-card-head-title').first()).toContainText('已完成');

  // The supplier's stock ledger of that SKU shows 退货入库 with the after-sales number.
  const sellerToken = await tokenOf(request, '18800000002');
  const detail = await request.get(`/api/rma/detail?id=${rmaId}`, { headers: { 'x-token': sellerToken } });
  const d = ((await detail.json()) as { data: { rmaNo: string; lines: { skuCode: string }[] } }).data;
  await seller.goto('/customer/product/inventory');
  await seller.getByPlaceholder('商品名称或规格编码').fill(d.lines[0]!.skuCode);
  await seller.getByPlaceholder('商品名称或规格编码').press('Enter');
  await seller.getByRole('row', { name: new RegExp(d.lines[0]!.skuCode) }).getByRole('button', { name: '库存流水' }).click();
  const ledgerRow = seller.locator('.ant-drawer').getByRole('row', { name: new RegExp(d.rmaNo) });
  await expect(ledgerRow).toContainText('退货入库');
  await expect(ledgerRow).toContainText('+1');
});
