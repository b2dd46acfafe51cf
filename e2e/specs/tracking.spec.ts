import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';
import { fillShipment } from './trade-helpers.ts';

test('the supplier ships with a catalogue carrier and both sides watch the sandbox route reach 已签收', async ({ page, browser }) => {
  // Supplier B's demo order waiting to ship (the oldest in its 待发货 tab).
  await signIn(page, '18800000003');
  await page.goto('/customer/saleOrder');
  await page.getByRole('tab', { name: /待发货/ }).click();
  await page.getByRole('link', { name: '查看详情' }).last().click();
  await expect(page).toHaveURL(/order\/detail\?type=6&id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  await page.getByRole('button', { name: /^发\s*货$/ }).click();
  const ship = page.getByRole('dialog', { name: '发货' });
  // A number that does not fit the carrier is refused in Chinese before anything is sent.
  await fillShipment(page, ship, '顺丰速运', 'YT1234567890123');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship.getByText(/顺丰速运运单号格式不正确/)).toBeVisible();
  const trackingNo = `SF${String(100000000000 + id).slice(-12)}`;
  await ship.getByLabel('运单号', { exact: true }).fill(trackingNo);
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(page.locator('.ant-card-head').first()).toContainText('待收货');
  const supplierCard = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: '物流跟踪' }) });
  await expect(supplierCard).toContainText(trackingNo);

  // The purchaser's order page follows the route as the sandbox pushes it: 揽收 … 已签收.
  const buyer = await browser.newPage();
  await signIn(buyer, '18800000004');
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  const card = buyer.locator('.ant-card').filter({ has: buyer.locator('.ant-card-head', { hasText: '物流跟踪' }) });
  await expect(card).toContainText(`顺丰速运 ${trackingNo}`);
  await expect(card.locator('.ant-tag', { hasText: '已签收' })).toBeVisible({ timeout: 45_000 });
  await expect(card.locator('.ant-timeline-item')).toHaveCount(5);
  await expect(card).toContainText('快递员已揽收');
  await expect(card).toContainText('快件已签收');
  await buyer.screenshot({ path: '/tmp/tracking-buyer-1366.png', fullPage: true });
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: '/tmp/tracking-buyer-390.png', fullPage: true });

  // The purchaser is told of the delivery; the receipt clock now counts from it.
  await buyer.goto('/customer/message/index');
  await expect(buyer.getByText(/包裹已签收/).first()).toBeVisible();

  // The supplier sees the same route after a reload, and 刷新 asks the carrier again.
  await page.reload();
  await expect(supplierCard.locator('.ant-tag', { hasText: '已签收' })).toBeVisible();
  await supplierCard.getByRole('button', { name: /刷\s*新/ }).click();
  await expect(page.getByText(/物流信息已刷新|承运商暂无/)).toBeVisible();
});
