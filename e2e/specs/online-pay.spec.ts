import { expect, test } from '../fixtures/console.ts';
import { confirmAndAnswer, orderFromMall, popconfirm } from './trade-helpers.ts';

test('the purchaser pays an order by the WeChat Pay sandbox (scan page), the supplier sees it paid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A fresh purchaser orders an on-sale product of the demo supplier (an order of this test's own), and the
  // supplier confirms it.
  const { id, buyer } = await orderFromMall(page, browser, '18800000002');
  await page.goto(`/customer/order/detail?type=6&id=${id}`);
  const confirmButton = page.getByRole('button', { name: /确认订单/ });
  await confirmButton.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });

  // The purchaser picks 微信支付: a QR, and in demo mode the sandbox's scan page in place of a phone.
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  await buyer.getByRole('button', { name: /去付款/ }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByText('微信支付').click();
  await expect(dialog.getByText('请使用微信扫一扫完成支付')).toBeVisible();
  await expect(dialog.locator('.ant-qrcode')).toBeVisible();
  const [scan] = await Promise.all([buyer.context().waitForEvent('page'), dialog.getByTestId('sandbox-pay-link').click()]);
  await expect(scan.getByRole('heading', { name: /微信支付/ })).toBeVisible();
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
