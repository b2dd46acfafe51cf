import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { ADMIN, uiLogin } from './merchant-helpers.ts';

// Decision 0187: the console oversees the trade. A refused after-sales request is taken to the platform by the
// purchaser and decided in the console; both parties see the outcome. Screenshots at 1366 and 390 px go to
// CONSOLE_SHOTS when it is set.
const shots = process.env.CONSOLE_SHOTS;

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: width > 500 });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.setTimeout(240_000);

test('a refused return is escalated by the purchaser, decided for the purchaser in the console, and both parties see it', async ({ page, browser, request }) => {
  // A completed demo order of 18800000004 from 江苏清源 with a line that may still be claimed.
  const headers = { 'x-token': await tokenOf(request, '18800000004') };
  const completed = await request.post('/api/order/list', { headers, data: { type: 0, all: 1, status: 5, pageIndex: 1, pageSize: 50 } });
  const orders = ((await completed.json()) as { data: { list: { id: number; orderNo: string; sellerCompanyName: string }[] } }).data.list;
  let picked: { orderId: number; orderNo: string; lineId: number } | undefined;
  for (const o of orders) {
    if (o.sellerCompanyName !== '江苏清源水处理科技有限公司') continue;
    const info = await request.get(`/api/rma/applyInfo?orderId=${o.id}`, { headers });
    const d = ((await info.json()) as { data: { blockedReason: string | null; lines: { orderLineId: number; claimableQty: number }[] } }).data;
    const line = d.blockedReason === null ? d.lines.find((l) => l.claimableQty > 0) : undefined;
    if (line) picked = { orderId: o.id, orderNo: o.orderNo, lineId: line.orderLineId };
  }
  expect(picked, 'a completed demo order within the after-sales period').toBeDefined();
  // The application form itself is the after-sales journey's (aftersales.spec.ts); here it is filed directly.
  const applied = await request.post('/api/rma/apply', {
    headers,
    data: { orderId: picked!.orderId, type: 1, reason: '质量问题', description: '整批结块，溶解后有大量沉淀', photos: [], lines: [{ orderLineId: picked!.lineId, quantity: 1 }] },
  });
  const { id: rmaId, rmaNo } = ((await applied.json()) as { data: { id: number; rmaNo: string } }).data;

  // The supplier refuses it.
  const seller = await browser.newPage();
  await signIn(seller, '18800000002');
  await seller.goto(`/customer/rma/rmaEditor?type=1&id=${rmaId}`);
  await seller.getByRole('button', { name: /驳\s*回/ }).click();
  await seller.locator('.ant-modal #reason').fill('外包装完好，属于储存不当');
  await seller.locator('.ant-modal').getByRole('button', { name: /驳\s*回/ }).click();
  await expect(seller.getByText('已驳回售后申请')).toBeVisible();

  // The purchaser takes it to the platform.
  await signIn(page, '18800000004');
  await page.goto(`/customer/rma/rmaEditor?type=0&id=${rmaId}`);
  await expect(page.getByText('对驳回有异议？可申请平台介入，由平台裁决')).toBeVisible();
  await page.getByRole('button', { name: '申请平台介入' }).click();
  await page.locator('.ant-modal #reason').fill('到货当天即结块，附收货照片与检测报告');
  await page.locator('.ant-modal').getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('已申请平台介入，平台处理后会通知双方')).toBeVisible();
  await expect(page.getByTestId('rma-dispute')).toContainText('已申请平台介入，等待平台处理');
  await expect(page.getByRole('button', { name: '申请平台介入' })).toHaveCount(0);

  // The platform administrator (two-step sign-in with the demo secret) decides for the purchaser.
  const admin = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await admin.goto('/sso/login?returnUrl=%2Fadmin%2Fdisputes');
  await uiLogin(admin, ADMIN.account, ADMIN.password);
  await expect(admin).toHaveURL(/\/admin\/disputes/);
  const row = admin.getByRole('row', { name: new RegExp(rmaNo) });
  await expect(row).toContainText('待平台处理');
  await expect(row).toContainText('到货当天即结块');
  await shoot(admin, 'console-disputes');
  await row.getByRole('button', { name: /裁\s*决/ }).click();
  const modal = admin.locator('.ant-modal');
  await expect(modal).toContainText('外包装完好，属于储存不当');
  await modal.getByText('支持采购商（按同意继续售后）').click();
  await modal.locator('#reason').fill('收货照片显示到货即结块，支持退货');
  await modal.getByRole('button', { name: '提交裁决' }).click();
  await expect(admin.getByText('已裁决：支持采购商，售后申请按同意继续处理')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(rmaNo) })).toContainText('支持采购商');

  // Both parties see the outcome: the purchaser now ships the goods back; the supplier is told.
  await page.reload();
  await expect(page.getByTestId('rma-dispute')).toContainText('平台裁决：支持采购商');
  await expect(page.getByTestId('rma-dispute')).toContainText('收货照片显示到货即结块，支持退货');
  await expect(page.locator('.ant-card-head-title').first()).toContainText('待寄回');
  await expect(page.locator('#trackingNo')).toBeVisible();
  await expect(page.locator('.ant-timeline').getByText('平台裁决', { exact: true })).toBeVisible();
  await shoot(page, 'rma-dispute-decided');
  await seller.reload();
  await expect(seller.getByTestId('rma-dispute')).toContainText('平台裁决：支持采购商');
  await expect(seller.locator('.ant-card-head-title').first()).toContainText('待寄回');

  // The operation log names the decision in Chinese.
  await admin.goto('/admin/audit');
  await expect(admin.getByRole('row', { name: /售后仲裁：支持采购商/ }).first()).toBeVisible();
  await expect(admin.getByRole('row', { name: /申请平台介入售后/ }).first()).toBeVisible();
  await shoot(admin, 'console-audit');

  // The order list of every company finds the order; its detail is read only.
  await admin.goto('/admin/orders');
  await expect(admin.getByRole('row').nth(1)).toBeVisible();
  await shoot(admin, 'console-orders');
  await admin.locator('#orderNo').fill(picked!.orderNo);
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  const orderRow = admin.getByRole('row', { name: new RegExp(picked!.orderNo) });
  await expect(orderRow).toContainText('江苏清源水处理科技有限公司');
  await expect(admin.getByRole('row')).toHaveCount(2);
  await orderRow.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = admin.getByTestId('admin-order-detail');
  await expect(drawer).toContainText(picked!.orderNo);
  await expect(drawer).toContainText(rmaNo);
  await expect(drawer.getByText('确认收货', { exact: true }).first()).toBeVisible();
  await shoot(admin, 'console-order-detail');

  // The dashboard: totals, the chart and the Excel export.
  await admin.goto('/admin/trade-stats');
  await expect(admin.getByTestId('trade-totals')).toContainText('GMV（元）');
  await expect(admin.locator('canvas').first()).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /导出Excel/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^平台交易统计_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await admin.getByText('按月', { exact: true }).click();
  await expect(admin.getByRole('row', { name: /^\d{4}-\d{2}\b/ }).first()).toBeVisible();
  await shoot(admin, 'console-trade-stats');
});
