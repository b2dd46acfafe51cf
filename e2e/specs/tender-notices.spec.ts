import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { TENDER_CLOCKS, runTimedRules } from './clock-helpers.ts';
import { apiLogin, registerSupplier } from './merchant-helpers.ts';

// Issue 29 item 7 (decision 0186): the public 招标公告 and 中标公告 say everything a bidder and the public need.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await request.get(url, { headers: { 'x-token': token } }) : await request.post(url, { headers: { 'x-token': token }, data });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${url}: ${body.message}`).toBe(0);
  return body.data;
}

interface Detail {
  status: number;
  resultId: number | null;
  lots: { id: number; name: string }[];
  bids: { bidId: number; companyName: string; prices: { lotId: number; price: string }[] }[];
}

/** The page fits the phone's width: nothing wider than the viewport. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, 'document.scrollWidth <= innerWidth').toBeLessThanOrEqual(inner);
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [[1366, 900], [390, 844]] as const) {
    await page.setViewportSize({ width: w, height: h });
    if (w === 390) await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('a tender in public: the 招标公告 shows lots, timetable and documents; the 中标公告 winners per lot, the 公示期 and how to object', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const title = `E2E公告招标${Date.now() % 100000}`;
  const fresh = await registerSupplier(request, `E2E公告投标商${Date.now() % 100000}有限公司`);
  const bidders = [await apiLogin(request, fresh.phone, fresh.password), await apiLogin(request, '18800000002', DEMO_PASSWORD), await apiLogin(request, '18800000003', DEMO_PASSWORD)];
  const buyer = await apiLogin(request, '18800000004', DEMO_PASSWORD);

  // The purchaser publishes a tender of two lots with a PDF document; the e2e server allows a 43 s bidding window.
  const upload = await request.post('/UploadHandler.ashx?appName=bid', {
    headers: { 'x-token': buyer },
    multipart: { storefile: { name: 'tender.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  const stored = ((await upload.json()) as { data: { fileRelativePath: string }[] }).data[0]!.fileRelativePath;
  const deadline = new Date(Math.ceil((Date.now() + 75_000) / 60_000) * 60_000).toISOString();
  const { id } = await call<{ id: number }>(request, buyer, 'POST', '/api/tender/save', {
    title,
    category: '水处理药剂',
    budget: 80000,
    budgetShown: true,
    areaName: '福建省 福州市',
    content: '<p>项目概况：水厂药剂年度采购。</p>',
    contactName: '林工',
    contactPhone: '0591-87654321',
    lots: [
      { name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 30000 },
      { name: '聚丙烯酰胺', spec: '阳离子', quantity: 2, unit: '吨', budget: 50000 },
    ],
    documents: [{ name: '招标文件（商务部分）', path: stored }],
    deadline,
    openAt: deadline,
    priceWeight: 60,
  });
  await call(request, buyer, 'POST', '/api/tender/publish', { id });
  const lots = (await call<Detail>(request, buyer, 'GET', `/api/tender/detail?id=${id}`)).lots;
  for (const [i, token] of bidders.entries()) {
    await call(request, token, 'POST', '/api/tender/bid', { tenderId: id, prices: [{ lotId: lots[0]!.id, price: 301.5 + i }, { lotId: lots[1]!.id, price: 4801.5 + i }], validityDays: 90 });
  }

  // The public 招标公告: lots with budgets, qualification, timetable, contact, the document under its real name.
  await page.goto(`/mall/bidDetail?id=${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const lotTable = page.getByTestId('bid-lots');
  await expect(lotTable.getByRole('row', { name: /聚合氯化铝.*含量≥28%.*10 吨.*30,000\.00/ })).toBeVisible();
  await expect(lotTable.getByRole('row', { name: /聚丙烯酰胺.*阳离子.*2 吨.*50,000\.00/ })).toBeVisible();
  await expect(page.getByTestId('bid-qualifications')).toContainText('平台注册供应商均可报名投标');
  const timetable = page.getByTestId('bid-timetable');
  for (const label of ['发布时间', '报名及投标截止', '开标时间']) await expect(timetable).toContainText(label);
  await expect(page.getByText('0591-87654321')).toBeVisible();
  const doc = page.getByTestId('bid-attachments').getByRole('link', { name: '招标文件（商务部分）.pdf' });
  await expect(doc).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), doc.click()]);
  expect(download.suggestedFilename()).toBe('招标文件（商务部分）.pdf');
  // Sealed: no bid price in the public page before the opening.
  await expect(page.locator('body')).not.toContainText('301.5');
  await shoot(page, 'tender-notice');

  // The clock closes and opens the tender (the test's clock runs the timed rules as at their times: clock-helpers.ts);
  // the purchaser awards each lot.
  await runTimedRules(request, id, TENDER_CLOCKS);
  await expect.poll(async () => (await call<Detail>(request, buyer, 'GET', `/api/tender/detail?id=${id}`)).status, { timeout: 30_000, intervals: [500, 1_000, 2_000] }).toBe(4);
  const opened = await call<Detail>(request, buyer, 'GET', `/api/tender/detail?id=${id}`);
  const byPrice = (lotId: number, price: string) => opened.bids.find((b) => b.prices.some((p) => p.lotId === lotId && Number(p.price) === Number(price)))!;
  const win1 = byPrice(lots[0]!.id, '302.5');
  const win2 = byPrice(lots[1]!.id, '4803.5');
  await call(request, buyer, 'POST', '/api/tender/award', { tenderId: id, lotId: lots[0]!.id, bidId: win1.bidId });
  await call(request, buyer, 'POST', '/api/tender/award', { tenderId: id, lotId: lots[1]!.id, bidId: win2.bidId });

  // The 中标公告 is written in the rich-text editor of product descriptions, drafted from the awards.
  const seller = await browser.newPage();
  await signIn(seller, '18800000004');
  await seller.goto(`/customer/bid/bededite?id=${id}`);
  const editor = seller.getByRole('textbox', { name: '正文' });
  await expect(editor).toContainText(`中标单位 ${win1.companyName}`);
  await expect(seller.locator('textarea')).toHaveCount(0);
  await editor.click();
  await seller.keyboard.press('Control+End');
  await seller.keyboard.press('Enter');
  await seller.keyboard.type('特此公告');
  await seller.keyboard.press('Shift+Home');
  await seller.getByRole('button', { name: /加\s*粗/ }).click();
  await seller.getByRole('button', { name: '发布中标公告' }).click();
  await expect(seller.getByText('中标公告已发布').first()).toBeVisible();
  await seller.close();
  const resultId = (await call<Detail>(request, buyer, 'GET', `/api/tender/detail?id=${id}`)).resultId!;

  // The public 中标公告: the opening, the 公示期, the winner of each lot, the objection route and the notice's text.
  await page.goto(`/mall/bidDetail?id=${resultId}`);
  await expect(page.getByRole('heading', { name: `${title}中标公告` })).toBeVisible();
  const results = page.getByTestId('bid-lots');
  await expect(results.getByRole('row', { name: new RegExp(`聚合氯化铝.*已定标.*${win1.companyName}.*3,025\\.00`) })).toBeVisible();
  await expect(results.getByRole('row', { name: new RegExp(`聚丙烯酰胺.*已定标.*${win2.companyName}.*9,607\\.00`) })).toBeVisible();
  await expect(page.getByTestId('bid-timetable')).toContainText('开标时间（已开标）');
  await expect(page.getByTestId('bid-timetable')).toContainText(/公示期\s*\d{4}-\d\d-\d\d \d\d:\d\d 至 \d{4}-\d\d-\d\d \d\d:\d\d/);
  const objection = page.getByTestId('bid-objection');
  await expect(objection).toContainText('在「我的投标」中打开本项目提出异议');
  await expect(objection.getByRole('link', { name: '提出异议' })).toHaveAttribute('href', `/customer/bid/bidingIndex?id=${id}`);
  await expect(page.locator('.am-rich b, .am-rich strong').filter({ hasText: '特此公告' })).toBeVisible();
  await expect(page.locator('.am-rich')).not.toContainText('<p>');
  // No losing price in public.
  await expect(page.locator('body')).not.toContainText('301.5');
  await shoot(page, 'award-notice');

  // The server-rendered page (what search engines read) says the same.
  const html = await (await request.get(`/mall/bidDetail?id=${resultId}`)).text();
  expect(html).toContain('<dt>公示期</dt>');
  expect(html).toContain(`中标单位${win1.companyName}`);
  expect(html).toContain('提出异议');
});
