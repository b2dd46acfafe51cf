import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';
import { confirmAndAnswer, popconfirm } from './trade-helpers.ts';

/**
 * Framework agreements (docs/product/agreements.md): the supplier 18800000003 enters an agreement for the demo
 * purchaser 北京京南再生水, the purchaser confirms it and places a call-off; both sides see the remaining quantity
 * drop and the call-off order on their side.
 */
test.use({ timezoneId: 'Asia/Shanghai' });

const BUYER = '北京京南再生水有限公司';

test('supplier enters an agreement, purchaser confirms and calls off; both see remaining drop and the order', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `药剂框架协议${Date.now() % 1_000_000}`;

  // 1. The supplier enters the agreement: an empty form is refused in Chinese first.
  await signIn(page, '18800000003');
  await page.goto('/customer/agreement/index');
  await page.getByTestId('agreement-new').click();
  await expect(page).toHaveURL(/agreement\/edit/);
  await page.getByTestId('agreement-submit').click();
  await expect(page.getByText('请输入协议名称')).toBeVisible();
  await page.getByTestId('agreement-buyer').click();
  await page.keyboard.type('京南');
  await page.locator('.ant-select-item-option', { hasText: BUYER }).click();
  await page.getByLabel('协议名称').fill(title);
  await page.getByLabel('第1行商品名称').fill('聚合氯化铝');
  await page.getByLabel('第1行规格').fill('含量30%');
  await page.getByLabel('第1行单位').fill('吨');
  await page.getByLabel('第1行协议单价').fill('1850');
  await page.getByLabel('第1行协议数量').fill('100');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/agreement-edit-1366.png', fullPage: true });
  await page.getByTestId('agreement-submit').click();
  await expect(page).toHaveURL(/agreement\/detail\?id=\d+/);
  await expect(page.getByTestId('agreement-status')).toHaveText('待确认');
  const detailUrl = page.url();

  // 2. The purchaser finds it in its list and confirms it.
  const buyer = await browser.newPage();
  await signIn(buyer, '18800000004');
  await buyer.goto('/customer/agreement/index');
  const row = buyer.locator('.ant-table-row', { hasText: title });
  await expect(row).toContainText('待确认');
  await row.getByTestId('agreement-code').click();
  const opener = buyer.getByTestId('agreement-confirm');
  await opener.click();
  const confirmed = await confirmAndAnswer(buyer, popconfirm(buyer), '/api/agreement/confirm', opener);
  expect(confirmed.code).toBe(0);
  await expect(buyer.getByTestId('agreement-status')).toHaveText('生效中');

  // 3. A call-off of 30 吨 at the agreed price.
  await buyer.getByLabel('聚合氯化铝下达数量').fill('30');
  await buyer.getByTestId('calloff-submit').click();
  await expect(buyer.getByText('订单已下达，等待供应商确认')).toBeVisible();
  await expect(buyer.getByTestId('line-remaining')).toHaveText('70吨');
  const orderLink = buyer.getByTestId('agreement-calloffs').locator('a').first();
  const orderNo = (await orderLink.textContent())!.trim();
  expect(orderNo).toMatch(/^D\d+/);
  await buyer.setViewportSize({ width: 1366, height: 900 });
  await buyer.screenshot({ path: '/tmp/agreement-detail-buyer-1366.png', fullPage: true });
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: '/tmp/agreement-detail-buyer-390.png', fullPage: true });
  await orderLink.click();
  await expect(buyer.getByText(orderNo).first()).toBeVisible();

  // 4. The supplier sees the same remaining quantity and the order on its side.
  await page.goto(detailUrl);
  await expect(page.getByTestId('agreement-status')).toHaveText('生效中');
  await expect(page.getByTestId('line-remaining')).toHaveText('70吨');
  await page.getByTestId('agreement-calloffs').getByRole('link', { name: orderNo }).click();
  await expect(page).toHaveURL(/order\/detail\?type=6/);
  await expect(page.getByText(orderNo).first()).toBeVisible();
  // The call-off reaches the supplier as any order does: it confirms it (the order leaves 待确认).
  const confirmOrder = page.getByRole('button', { name: /确认订单/ });
  await confirmOrder.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmOrder)).toMatchObject({ code: 0 });
  await page.goto('/customer/agreement/index');
  await expect(page.locator('.ant-table-row', { hasText: title })).toContainText('生效中');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/agreement-list-seller-390.png', fullPage: true });
});
