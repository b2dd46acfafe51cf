import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';
import { confirmAndAnswer, fillShipment, uploadTransferProof, payConfirmOk } from './trade-helpers.ts';

/** Screenshots of the dialogs at desktop and phone widths (decision 0198), kept outside the repository. */
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

test('a purchaser pays by transfer to the shown verified account, the supplier checks and confirms it and prints the delivery note', async ({
  page,
  browser,
}) => {
  // Two companies, a transfer, a confirmation, a shipment and a PDF: longer than one page's journey (as contracts.spec).
  test.setTimeout(120_000);
  // The supplier opens the demo order waiting for payment without a transfer proof (orders.spec.ts takes the one
  // waiting for confirmation, so the two specs never share an order).
  await signIn(page, '18800000002');
  await page.goto('/customer/saleOrder');
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/order/list') && (r.request().postData() ?? '').includes('"status":1'));
  await page.getByRole('tab', { name: /待付款/ }).click();
  await listed;
  const row = page.locator('tr.ant-table-row').filter({ hasNotText: '已提交付款凭证' }).first();
  await row.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/order\/detail\?type=6&id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.locator('.ant-card-head').first()).toContainText('待付款');

  // The purchaser sees the supplier's verified account, the amount and the note with the order number.
  const buyer = await browser.newPage();
  await signIn(buyer, '18800000004');
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  const orderNo = (await buyer.locator('.ant-card-head').first().innerText()).match(/D\d{16}/)![0];
  await buyer.getByRole('button', { name: '去付款' }).click();
  const dialog = buyer.getByRole('dialog', { name: '上传付款凭证' });
  const card = dialog.getByTestId('payee-account');
  await expect(card).toContainText('收款账户（已验证）');
  await expect(card).toContainText(/6222 0210/);
  await expect(card).toContainText(`订单${orderNo}`);
  await expect(card.locator('.ant-typography-copy')).toHaveCount(5);
  await shot(buyer, 'transfer-dialog-1366');
  await buyer.setViewportSize({ width: 390, height: 844 });
  await shot(buyer, 'transfer-dialog-390');
  await buyer.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await uploadTransferProof(buyer);

  // The supplier checks the incoming transfer (amount and note) and confirms it.
  await page.reload();
  await page.getByTestId('transfer-match').click();
  const check = page.getByRole('dialog', { name: '核对到账' });
  const due = (await check.innerText()).match(/应付 ¥([\d,]+\.\d{2})/)![1]!.replace(/,/g, '');
  await check.getByLabel('到账金额（元）').fill(due);
  await check.getByLabel('转账附言').fill(`网银 订单${orderNo}`);
  await check.getByRole('button', { name: /核\s*对/ }).click();
  await expect(check.getByTestId('transfer-match-result')).toContainText('到账金额与应付金额一致；附言含订单号');
  await shot(page, 'transfer-match-1366');
  await check.getByRole('button', { name: '关 闭' }).click();
  const payButton = page.getByRole('button', { name: /确认收款/ });
  await payButton.click();
  expect(await confirmAndAnswer(page, payConfirmOk(page), '/api/order/payConfirm', payButton)).toMatchObject({ code: 0 });
  await expect(page.locator('.ant-card-head').first()).toContainText('待发货');

  // Ships everything and prints the delivery note of the shipment.
  await page.getByRole('button', { name: /^发\s*货$/ }).click();
  const ship = page.getByRole('dialog', { name: '发货' });
  await fillShipment(page, ship, '顺丰速运', 'SF202611270001');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(page.locator('.ant-card-head').first()).toContainText('待收货');
  const download = page.waitForEvent('download');
  await page.getByText('打印发货单').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`发货单-${orderNo}-1.pdf`);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
