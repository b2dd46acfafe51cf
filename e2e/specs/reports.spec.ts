import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';

/** Waits until the page shows the data of its current filters, not the previous range's kept while loading. */
async function dataShown(page: Page, granularity: string) {
  const from = await page.getByPlaceholder('开始日期').inputValue();
  const to = await page.getByPlaceholder('结束日期').inputValue();
  await expect(page.locator(`[data-report-query="${from}~${to}~${granularity}"]`)).toBeVisible();
  return { from, to };
}

/**
 * Opens a report, switches to the last 12 months by month, then by quarter; a chart is drawn and the table has
 * rows; the Excel export arrives named after the report and the range.
 */
async function openReport(page: Page, path: string, title: string, chart: string) {
  await page.goto(`/customer/report/${path}`);
  await expect(page.locator('.ant-card-head-title').first()).toHaveText(title);
  await expect(page.getByText('即将上线')).toHaveCount(0);

  await page.getByPlaceholder('开始日期').click();
  await page.locator('.ant-picker-presets li', { hasText: '近12个月' }).click();
  await expect(page.getByPlaceholder('开始日期')).toHaveValue(/^\d{4}-\d{2}-01$/);
  await page.getByTestId('report-filters').getByText('按月', { exact: true }).click();
  // The last 12 months by month: wait for that answer (the last 30 days stay on screen while it loads).
  const { from, to } = await dataShown(page, 'month');

  const canvas = page.locator(`[data-chart="${chart}"] canvas`);
  await expect(canvas).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);

  await page.getByTestId('report-filters').getByText('按季度', { exact: true }).click();
  await dataShown(page, 'quarter');
  // The period table (a tab on some pages) lists quarters now.
  const periodTab = page.getByRole('tab', { name: '按周期' });
  if (await periodTab.count()) await periodTab.click();
  await expect(page.locator('.ant-table-tbody', { hasText: /\d{4}-Q[1-4]/ }).first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出Excel/ }).click();
  expect((await download).suggestedFilename()).toBe(`${title}_${from}_${to}.xlsx`);
}

test('a supplier opens its four reports: range, granularity, charts, rows and the Excel export', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, '18800000002');
  await openReport(page, 'orderSale', '订单销售统计', '趋势');
  await openReport(page, 'goodsSale', '商品销售统计', '金额排行');
  await openReport(page, 'goodsCategory', '品类销售统计', '品类占比');
  await openReport(page, 'saleAmount', '应收账款', '发货趋势');
  await page.goto('/customer/report/payAmount');
  await expect(page.getByTestId('access-blocked')).toContainText('应付账款报表仅对采购商开放');
  // A purchaser's page opened by a supplier (a shared link): refused with its company type, no failing list.
  await page.goto('/customer/bid/bidindex');
  await expect(page.getByTestId('access-blocked')).toContainText('该页面仅对采购商开放');
});

test('a purchaser opens its three reports; the receivables report is not for it', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '18800000004');
  await openReport(page, 'procurement', '采购统计', '品类占比');
  await openReport(page, 'procurementGoods', '采购商品统计', '数量排行');
  await openReport(page, 'payAmount', '应付账款', '发货趋势');
  await page.goto('/customer/report/saleAmount');
  await expect(page.getByTestId('access-blocked')).toContainText('应收账款报表仅对供应商开放');
});
