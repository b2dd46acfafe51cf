import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures/console.ts';
import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';

const BUYER = '18800000004';
/** Demo suppliers with membership level 2 or 3 (the quotation pages' gate): 蓝海, 华禹 and 碧泉. */
const WINNER_1 = { phone: '18800000003', name: '山东蓝海环保设备有限公司' };
const WINNER_2 = { phone: '18800010005', name: '河南巩义华禹净水材料有限公司' };
const LOSER = { phone: '18800010006', name: '浙江碧泉膜科技有限公司' };

/** A minimal PDF (the file host checks the bytes: a renamed program is refused). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const LINES = [
  { name: '聚合氯化铝E2E', qty: '20', unit: '吨' },
  { name: '聚丙烯酰胺E2E', qty: '3', unit: '吨' },
  { name: '次氯酸钠E2E', qty: '10', unit: '吨' },
];

/**
 * A supplier quotes every line at `prices` through the quotation API (the bystanders of the journey; the
 * revising supplier quotes through the page). Returns nothing; fails with the server's message.
 */
async function quote(request: APIRequestContext, phone: string, enquiryId: number, prices: number[], baseVersion = 0) {
  const login = (await (await request.post('/api/appuser/login', { data: { account: phone, password: DEMO_PASSWORD } })).json()) as { data: { authToken: string } };
  const detail = (await (await request.get(`/api/openEnquiry/${enquiryId}`)).json()) as { data: { items: { id: number }[] } };
  const res = await request.post('/api/quotation/submit', {
    headers: { 'x-token': login.data.authToken, 'idempotency-key': crypto.randomUUID() },
    data: {
      enquiryId,
      baseVersion,
      lines: detail.data.items.map((it, i) => ({ enquiryItemId: it.id, unitPrice: prices[i], taxRate: 13, remark: '' })),
      freight: 0,
      leadDays: 7,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      remark: '',
      contactName: '销售',
      contactPhone: '0536-5208866',
    },
  });
  const body = (await res.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
}

test('the purchaser publishes an enquiry with a PDF drawing, three suppliers quote (one revises on the page), both sides talk live (a file alone too), 我的询价 exports it, it is awarded split in two orders with the quoted prices and the loser is told', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const title = `E2E询价 ${Date.now()}`;

  // The purchaser publishes a public, non-sealed enquiry of three lines from the header button.
  await signIn(page, BUYER);
  await page.goto('/customer/home');
  await page.getByRole('link', { name: '发布询价' }).first().click();
  await expect(page).toHaveURL(/\/customer\/enquiry\/edit$/);
  await page.getByLabel('询价标题').fill(title);
  await page.getByRole('button', { name: '添加明细' }).click();
  await page.getByRole('button', { name: '添加明细' }).click();
  for (const [i, l] of LINES.entries()) {
    await page.getByLabel(`第${i + 1}行产品名称`).fill(l.name);
    await page.getByLabel(`第${i + 1}行数量`).fill(l.qty);
    await page.getByLabel(`第${i + 1}行单位`).fill(l.unit);
  }
  await page.getByLabel('交货地区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).first().click();
  await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
  await page.locator('.ant-cascader-menu').nth(2).locator('.ant-cascader-menu-item').first().click();
  await page.getByLabel('详细地址').fill('再生水厂路1号');
  // A drawing as PDF (the enquiry folder takes PDF and images).
  await page
    .locator('.ant-form-item', { hasText: '附件（图纸' })
    .locator('input[type=file]')
    .setInputFiles({ name: '工艺图纸.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('.ant-upload-list-item-done', { hasText: '工艺图纸.pdf' })).toBeVisible();
  await page.getByRole('button', { name: '发布询价' }).last().click();
  await expect(page).toHaveURL(/\/customer\/enquiry\/detail\?id=\d+$/);
  await expect(page.getByText('询价已发布')).toBeVisible();
  await expect(page.getByRole('link', { name: /工艺图纸\.pdf/ })).toBeVisible();
  const enquiryId = Number(new URL(page.url()).searchParams.get('id'));

  // 蓝海 (cheapest on line 1) and 碧泉 (dearer on all) quote through the API.
  await quote(page.request, WINNER_1.phone, enquiryId, [1500, 16000, 900]);
  await quote(page.request, LOSER.phone, enquiryId, [1700, 17000, 950]);

  // 华禹 quotes and revises on the page, in its own browser: mall detail (with the drawing) → 我要报价.
  const supplierContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const sup = await supplierContext.newPage();
  await signIn(sup, WINNER_2.phone);
  await sup.goto(`/mall/enquiryDetail?id=${enquiryId}`);
  await expect(sup.getByRole('link', { name: /工艺图纸\.pdf/ })).toBeVisible();
  await sup.getByRole('link', { name: '我要报价' }).click();
  await expect(sup).toHaveURL(new RegExp(`/customer/quotation/detail\\?enquiryId=${enquiryId}$`));
  await expect(sup.getByRole('link', { name: /工艺图纸\.pdf/ })).toBeVisible();
  for (const [i, price] of [1600, 15000, 800].entries()) await sup.getByLabel(`第${i + 1}项含税单价`).fill(String(price));
  await sup.getByLabel('交货期（天）').fill('7');
  await sup.getByRole('button', { name: '提交报价' }).click();
  await expect(sup.getByText('报价记录（共1版）')).toBeVisible();
  await sup.getByRole('button', { name: '修改报价' }).click();
  await sup.getByLabel('第2项含税单价').fill('14500');
  await sup.getByRole('button', { name: '提交修改' }).click();
  await expect(sup.getByText('报价记录（共2版）')).toBeVisible();

  // Both sides talk on the offer's thread; each sees the other's message without reloading (/api/ws).
  await signIn(page, BUYER);
  await page.goto(`/customer/enquiry/offerList?id=${enquiryId}`);
  await page.getByRole('link', { name: WINNER_2.name }).first().click();
  await expect(page).toHaveURL(/\/customer\/enquiry\/offerDetail\?id=\d+/);
  await expect(page.getByTestId('quotation-thread')).toBeVisible();
  await sup.getByLabel('消息内容').fill('第2项可在一周内交货。');
  // The supplier attaches its delivery plan (PDF) to the message; the purchaser sees it in the thread and opens it.
  await sup
    .getByTestId('quotation-thread')
    .locator('input[type=file]')
    .setInputFiles({ name: '交货计划.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(sup.getByTestId('quotation-thread').locator('.ant-upload-list-item-done', { hasText: '交货计划.pdf' })).toBeVisible();
  await sup.getByRole('button', { name: /^发\s*送$/ }).click();
  const supplierSaid = page.getByTestId('thread-message').filter({ hasText: '第2项可在一周内交货' });
  await expect(supplierSaid).toBeVisible({ timeout: 5_000 });
  const plan = supplierSaid.getByRole('link', { name: /交货计划\.pdf/ });
  await expect(plan).toBeVisible();
  await expect(sup.getByTestId('thread-message').filter({ hasText: '第2项可在一周内交货' }).getByRole('link', { name: /交货计划\.pdf/ })).toBeVisible();
  await expect(sup.getByTestId('quotation-thread').locator('.ant-upload-list-item')).toHaveCount(0);
  const href = (await plan.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/f\/u\/enquiry\/.+\.pdf$/);
  const [opened] = await Promise.all([page.waitForEvent('popup'), plan.click()]);
  await opened.close();
  const file = await page.request.get(href);
  expect(file.ok()).toBe(true);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByLabel('消息内容').fill('好的，请按此安排。');
  await page.getByRole('button', { name: /^发\s*送$/ }).click();
  await expect(sup.getByTestId('thread-message').filter({ hasText: '好的，请按此安排' })).toBeVisible({ timeout: 5_000 });
  // A file alone is a message: 发送 waits for text or an attachment, then the supplier gets the bare PDF.
  await expect(page.getByLabel('消息内容')).toHaveValue('');
  const send = page.getByTestId('quotation-thread').getByRole('button', { name: /发\s*送$/ });
  await expect(send).toBeDisabled();
  await page
    .getByTestId('quotation-thread')
    .locator('input[type=file]')
    .setInputFiles({ name: '验收标准.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('quotation-thread').locator('.ant-upload-list-item-done', { hasText: '验收标准.pdf' })).toBeVisible();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(sup.getByTestId('thread-message').last().getByRole('link', { name: /验收标准\.pdf/ })).toBeVisible({ timeout: 5_000 });
  await expect(send).toBeDisabled();
  await supplierContext.close();

  // The purchaser compares: lowest marked per line, then awards line 1 to 蓝海 and lines 2–3 to 华禹.
  await page.goto('/customer/enquiry');
  // 我的询价's filter bar: the title finds this enquiry alone.
  await page.getByPlaceholder('标题 / 单号 / 产品名称').fill(title);
  await page.getByTestId('list-filters').getByRole('button', { name: /^查\s*询$/ }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  // 导出Excel downloads what the filters show: this enquiry alone, with Chinese headers.
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出Excel/ }).click()]);
  expect(exported.suggestedFilename()).toBe('我的询价.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await exported.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(1).getCell(1).value).toBe('询价单号');
  expect(sheet.getRow(2).getCell(2).value).toBe(title);
  expect(sheet.getRow(2).getCell(7).value).toBe(3);
  const row = page.locator('tr', { hasText: title });
  await expect(row.getByTestId('offer-count')).toHaveText('3 家');
  await row.getByRole('link', { name: '比价' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/enquiry/offerList\\?id=${enquiryId}$`));
  const offerRow = (name: string) => page.getByTestId('offer-row').filter({ hasText: name });
  await expect(offerRow(WINNER_2.name)).toContainText('第2版');
  await expect(offerRow(WINNER_1.name).locator('td').nth(1)).toContainText('最低');
  await expect(offerRow(WINNER_2.name).locator('td').nth(2)).toContainText('¥14,500.00');
  await expect(offerRow(WINNER_2.name).locator('td').nth(2)).toContainText('最低');
  await page.getByLabel(`第1项授予${WINNER_1.name}`).check();
  await page.getByLabel(`第2项授予${WINNER_2.name}`).check();
  await page.getByLabel(`第3项授予${WINNER_2.name}`).check();
  await page.getByRole('button', { name: '确认授标' }).click();
  await page.getByRole('button', { name: '确认授标并生成订单' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/enquiry/detail\\?id=${enquiryId}$`));
  await expect(page.locator('.ant-tag', { hasText: '已成交' }).first()).toBeVisible();
  const orders = page.locator('tr', { has: page.getByRole('link', { name: /^D\d+/ }) });
  await expect(orders).toHaveCount(2);
  // 蓝海: 20 × 1500 = 30000; 华禹: 3 × 14500 + 10 × 800 = 51500 (no freight quoted).
  await expect(orders.filter({ hasText: WINNER_1.name })).toContainText('30,000.00');
  await expect(orders.filter({ hasText: WINNER_2.name })).toContainText('51,500.00');

  // The purchaser's 询价订单 list has both; each winner sees its 报价订单 with the quoted prices.
  await page.goto('/customer/enorder');
  await expect(page.locator('tr', { hasText: LINES[0]!.name }).first()).toContainText('30,000.00');
  await expect(page.locator('tr', { hasText: LINES[1]!.name }).first()).toContainText('51,500.00');
  for (const [w, line, price] of [
    [WINNER_1, LINES[0]!.name, '1,500.00'],
    [WINNER_2, LINES[1]!.name, '14,500.00'],
  ] as const) {
    await signIn(page, w.phone);
    await page.goto('/customer/offerOrder');
    await page.locator('tr', { hasText: line }).first().getByText('查看详情').click();
    await expect(page).toHaveURL(/\/customer\/order\/detail\?type=8&id=\d+/);
    await expect(page.getByText(price).first()).toBeVisible();
  }

  // The loser is told in its inbox.
  await signIn(page, LOSER.phone);
  const res = await page.request.get('/api/message/list?pageIndex=1&pageSize=20', {
    headers: { 'x-token': (await page.evaluate(() => localStorage.getItem('token'))) ?? '' },
  });
  const body = (await res.json()) as { data: { list: { title: string }[] } };
  expect(body.data.list.map((m) => m.title)).toContain(`未中标：${title}`);
});
