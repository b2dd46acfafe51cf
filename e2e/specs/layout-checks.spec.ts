import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, registerViaApi, signIn } from './auth-helpers.ts';
import { apiLogin } from './merchant-helpers.ts';

// Issue 29 items 12 and 13: the goods detail fits a phone, the offer comparison's last column is in view on a
// laptop screen, and a supplier opening a goods page sends no request it is refused.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

async function firstProductId(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/product/query', { data: { categoryCode: '01', pageSize: 1 } });
  return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
}

test('the goods detail does not overflow at 390 px', async ({ page, request }) => {
  const id = await firstProductId(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/mall/goodsDetail?id=${id}`);
  await expect(page.locator('.am-goods-title, h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  await page.screenshot({ path: `${SHOTS}/goods-detail-390.png`, fullPage: true });
  expect(scroll, 'document.scrollWidth <= innerWidth').toBeLessThanOrEqual(inner);
});

test('a supplier opening a goods page sends no request that is refused', async ({ page, request }) => {
  const id = await firstProductId(request);
  await signIn(page, '18800000002');
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) refused.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  await page.goto(`/mall/goodsDetail?id=${id}`);
  await expect(page.locator('.am-goods-title, h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

test('the offer comparison shows its last column whole at 1366 px', async ({ page, request }) => {
  const token = await apiLogin(request, '18800000004', DEMO_PASSWORD);
  const res = await request.post('/api/enquiry/mine', { headers: { 'x-token': token }, data: { keyword: '2027年一季度净水药剂采购', pageIndex: 1, pageSize: 10 } });
  const enquiryId = ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  await signIn(page, '18800000004');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/customer/enquiry/offerList?id=${enquiryId}`);
  const matrix = page.getByTestId('offer-matrix');
  await expect(matrix.getByTestId('offer-row').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/offer-comparison-1366.png`, fullPage: true });
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, 'document.scrollWidth <= innerWidth').toBeLessThanOrEqual(inner);
  // With the default columns the last header cell lies whole inside the matrix's box and the viewport, unscrolled.
  const last = await matrix.locator('th').last().boundingBox();
  const box = await matrix.boundingBox();
  expect(last && box).toBeTruthy();
  expect(last!.x + last!.width, 'last column header inside the matrix').toBeLessThanOrEqual(box!.x + box!.width);
  expect(last!.x + last!.width, 'last column header inside the viewport').toBeLessThanOrEqual(1366);
  await expect(matrix.locator('th').last()).toHaveText('评分');
});

test('the empty text of a list is whole at 390 px (待我审批 of a fresh purchaser)', async ({ page }) => {
  const fresh = await registerViaApi(page.request);
  await signIn(page, fresh.phone, fresh.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customer/approval/todo');
  const empty = page.locator('.ant-empty-description');
  await expect(empty).toHaveText('暂无待您审批的采购申请');
  await page.screenshot({ path: `${SHOTS}/approvals-empty-390.png`, fullPage: true });
  // The text lies inside the screen and inside the table's visible box, not centred in the scrolled width.
  const text = (await empty.boundingBox())!;
  const table = (await page.locator('.ant-table-container').boundingBox())!;
  expect(text.x, 'left edge').toBeGreaterThanOrEqual(Math.max(0, table.x));
  expect(text.x + text.width, 'right edge').toBeLessThanOrEqual(Math.min(390, table.x + table.width));
});
