import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/console.ts';
import { confirmAndAnswer, fillShipment, orderFromMall, popconfirm, uploadTransferProof, payConfirmOk } from './trade-helpers.ts';

/** The sandbox messages sent to a phone (GET /api/dev/outbox), newest first. */
async function outbox(request: APIRequestContext, target: string): Promise<{ channel: string; body: string }[]> {
  const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
  return ((await res.json()) as { data: { list: { channel: string; body: string }[] } }).data.list;
}

/** Waits (the job runner polls every few seconds) for an SMS to `target` matching `pattern`. */
async function expectSms(request: APIRequestContext, target: string, pattern: RegExp) {
  await expect
    .poll(async () => (await outbox(request, target)).filter((m) => m.channel === 'sms' && pattern.test(m.body)).length, {
      timeout: 30_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(1);
}

test('a purchaser orders: the supplier gets an SMS; the supplier ships: the purchaser gets 已发货; 消息设置 shows the channels', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const supplierPhone = '18800000002';
  // A fresh purchaser orders an on-sale product of the demo supplier from the mall.
  const { id: orderId, buyer: buyerPage, buyerAccount: buyer } = await orderFromMall(page, browser, supplierPhone);
  const orderNo = (
    (await (await buyerPage.request.get(`/api/order/detail?id=${orderId}&type=0`, { headers: await tokenHeader(buyerPage) })).json()) as {
      data: { orderNo: string };
    }
  ).data.orderNo;
  expect(orderNo).toBeTruthy();

  // The supplier's SMS: new order to confirm.
  await expectSms(page.request, supplierPhone, new RegExp(`提交了订单${orderNo}，金额¥[\\d.]+，请及时确认`));

  // The supplier confirms, the purchaser pays, the supplier confirms the payment and ships everything.
  await page.goto(`/customer/order/detail?type=6&id=${orderId}`);
  const confirmButton = page.getByRole('button', { name: /确认订单/ });
  await confirmButton.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });
  await buyerPage.goto(`/customer/order/detail?type=0&id=${orderId}`);
  await uploadTransferProof(buyerPage);
  await expectSms(page.request, supplierPhone, new RegExp(`订单${orderNo}买家已提交付款凭证`));
  await page.reload();
  const payButton = page.getByRole('button', { name: /确认收款/ });
  await payButton.click();
  expect(await confirmAndAnswer(page, payConfirmOk(page), '/api/order/payConfirm', payButton)).toMatchObject({ code: 0 });
  await page.getByRole('button', { name: /^发\s*货$/ }).click();
  const ship = page.getByRole('dialog', { name: '发货' });
  await fillShipment(page, ship, '顺丰速运', 'SF555000111200');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(page.locator('.ant-card-head').first()).toContainText('待收货');

  // The purchaser's SMS: shipped.
  await expectSms(buyerPage.request, buyer.phone, new RegExp(`您的订单${orderNo}已发货`));

  // 消息设置: the purchaser's channels (demo: all sandboxes on; no WeChat or e-mail bound).
  await buyerPage.goto('/customer/message/settings');
  await expect(buyerPage.getByRole('switch', { name: '订单与付款短信' })).toBeChecked();
  await expect(buyerPage.locator('thead').getByText('未绑定微信').first()).toBeVisible();
  await buyerPage.getByRole('switch', { name: '订单与付款短信' }).click();
  await buyerPage.getByRole('switch', { name: '开启短信免打扰' }).click();
  const saved = buyerPage.waitForResponse((r) => r.url().endsWith('/api/message/settings') && r.request().method() === 'POST');
  await buyerPage.getByRole('button', { name: '保存设置' }).click();
  expect((await (await saved).json()).code).toBe(0);
  await buyerPage.reload();
  await expect(buyerPage.getByRole('switch', { name: '订单与付款短信' })).not.toBeChecked();
  await expect(buyerPage.getByRole('switch', { name: '开启短信免打扰' })).toBeChecked();
  if (process.env.E2E_SHOTS) {
    await buyerPage.setViewportSize({ width: 1366, height: 900 });
    await buyerPage.screenshot({ path: '/tmp/notify-settings-1366.png', fullPage: true });
    await buyerPage.setViewportSize({ width: 390, height: 844 });
    await buyerPage.screenshot({ path: '/tmp/notify-settings-390.png', fullPage: true });
  }
});

async function tokenHeader(p: Page): Promise<Record<string, string>> {
  return { 'x-token': await p.evaluate(() => localStorage.getItem('token') ?? '') };
}
