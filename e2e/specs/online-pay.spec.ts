import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/console.ts';
import { ADMIN, uiLogin } from './merchant-helpers.ts';
import { confirmedOrderOfFreshBuyer } from './trade-helpers.ts';

/** Screenshots at 1366 and 390 px when E2E_SHOTS_DIR is set (looked at by hand, not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize() ?? { width: 1366, height: 900 };
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

test('the purchaser pays an order by the WeChat Pay sandbox (scan page), the supplier sees it paid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { buyer, id } = await confirmedOrderOfFreshBuyer(page, browser);

  // The purchaser picks 微信支付: a QR, and in demo mode the sandbox's scan page in place of a phone.
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  await buyer.getByRole('button', { name: /去付款/ }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByText('微信支付').click();
  await expect(dialog.getByText('请使用微信扫一扫完成支付')).toBeVisible();
  await expect(dialog.locator('.ant-qrcode')).toBeVisible();
  await shots(buyer, 'pay-dialog-wechat');
  const [scan] = await Promise.all([buyer.context().waitForEvent('page'), dialog.getByTestId('sandbox-pay-link').click()]);
  await expect(scan.getByRole('heading', { name: /微信支付/ })).toBeVisible();
  await shots(scan, 'pay-sandbox-scan');
  await scan.getByRole('button', { name: '确认付款' }).click();
  await expect(scan.locator('#result')).toHaveText('已支付成功');
  await scan.close();

  // The dialog polls until the signed, encrypted notification paid the order.
  await expect(dialog.getByText('支付成功')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(buyer.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(buyer.getByTestId('online-payments')).toContainText('已支付');

  // The supplier sees it paid, with the payment record.
  await page.reload();
  await expect(page.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(page.getByTestId('online-payments')).toContainText('微信支付');
  await expect(page.getByText('微信支付').first()).toBeVisible();
});

test('the purchaser pays an order through the Alipay sandbox cashier, the supplier sees it paid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { buyer, id } = await confirmedOrderOfFreshBuyer(page, browser);

  // The purchaser picks 支付宝: the button opens the (sandbox) cashier with the signed page.pay request.
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  await buyer.getByRole('button', { name: /去付款/ }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByText('支付宝').click();
  const pay = dialog.getByTestId('online-pay');
  await expect(pay).toContainText('应付金额');
  const [cashier] = await Promise.all([buyer.context().waitForEvent('page'), pay.getByRole('link', { name: /前往支付宝付款/ }).click()]);
  await expect(cashier.getByRole('heading', { name: /支付宝/ })).toBeVisible();
  await cashier.getByRole('button', { name: '确认付款' }).click();
  await expect(cashier.locator('#result')).toHaveText('已支付成功');
  await cashier.close();

  // The dialog polls until the RSA2-signed notification paid the order.
  await expect(dialog.getByText('支付成功')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(buyer.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(buyer.getByTestId('online-payments')).toContainText('支付宝');

  await page.reload();
  await expect(page.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(page.getByTestId('online-payments')).toContainText('支付宝');
});

test('the console reconciliation page reconciles a day by hand and lists its runs (支付对账)', async ({ page }) => {
  await page.goto('/sso/login?returnUrl=%2Fadmin%2Fpayment-recon');
  await uiLogin(page, ADMIN.account, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/payment-recon/);
  await expect(page.getByText('支付对账').first()).toBeVisible();
  // Reconciling the previous China day by hand (the date picker's default) adds a run per channel.
  await page.getByRole('button', { name: '立即对账' }).click();
  for (const channel of ['微信支付', '支付宝']) await expect(page.locator('.ant-table-row', { hasText: channel }).first()).toContainText('已完成');
  await shots(page, 'console-recon');
});
