import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { TENDER_CLOCKS, runTimedRules } from './clock-helpers.ts';
import { apiLogin, registerSupplier } from './merchant-helpers.ts';

interface Detail {
  id: number;
  status: number;
  bidCount: number;
  bids: { bidId: number; companyName: string; prices: { lotId: number; price: string }[] }[];
  lots: { id: number; name: string; spec: string; quantity: number; unit: string; budget: string | null; status: number; winnerBidId: number | null }[];
  title: string;
  category: string;
  budget: string | null;
  budgetShown: boolean;
  areaName: string;
  content: string;
  contactName: string;
  contactPhone: string;
  documents: { name: string; path: string }[];
  minMemberLevel: number;
  certRequired: boolean;
  shopTypes: number[];
  invitedOnly: boolean;
  priceWeight: number;
  deadline: string;
  myBid: { prices: { price: string }[] } | null;
  resultId: number | null;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<{ code: number; message: string; data: T }> {
  const res = method === 'GET' ? await request.get(url, { headers: { 'x-token': token } }) : await request.post(url, { headers: { 'x-token': token }, data });
  return (await res.json()) as { code: number; message: string; data: T };
}
const detailOf = (request: APIRequestContext, token: string, id: number) => call<Detail>(request, token, 'GET', `/api/tender/detail?id=${id}`);

/**
 * A time as the editor's date pickers show and take it: the China wall clock, YYYY-MM-DD HH:mm, whatever the
 * browser's zone (it runs in UTC here; docs/architecture.md "China time"). Written independently of the kernel.
 */
const chinaMinute = (d: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

/** Clicks the OK button of the open confirmation bubble. */
async function confirmBubble(page: Page) {
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
}

const PRICES = { a: ['211.11', '3111.11'], b: ['199.99', '2999.99'], c: ['205.55', '3055.55'] };

test('a tender of two lots: three sealed bids, closed and opened by the clock, scored, awarded, announced, every bidder told', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const title = `E2E水厂药剂招标${Date.now() % 100000}`;
  const buyerToken = await apiLogin(request, '18800000004', DEMO_PASSWORD);

  // The bidders: a fresh supplier (through the pages) and the two demo suppliers (through the API).
  const fresh = await registerSupplier(request, `E2E投标供应商${Date.now() % 100000}有限公司`);
  const seller = await browser.newPage();
  await signIn(seller, fresh.phone, fresh.password);
  const tokens = { b: await apiLogin(request, '18800000002', DEMO_PASSWORD), c: await apiLogin(request, '18800000003', DEMO_PASSWORD) };

  // The purchaser drafts and publishes a tender with two lots in the editor. The editor states the shortest
  // bidding window (lowered to 43 s in the e2e server); the deadline is the first whole minute 90 s ahead, the
  // opening at the same time, and it can never be brought forward once published.
  await signIn(page, '18800000004');
  await page.goto('/customer/bid/bidindex');
  await expect(page.getByText('功能即将上线')).toHaveCount(0);
  await page.getByRole('button', { name: '发布招标' }).click();
  await expect(page).toHaveURL(/\/customer\/bid\/edite$/);
  await expect(page.getByText(/投标期不少于\d+分钟：.*最早可设为/)).toBeVisible();
  await page.locator('#title').fill(title);
  await page.locator('#category').fill('水处理药剂');
  await page.getByLabel('标段1名称').fill('聚合氯化铝');
  await page.getByLabel('标段1数量').fill('10');
  await page.getByLabel('标段1单位').fill('吨');
  await page.getByRole('button', { name: '添加标段' }).click();
  await page.getByLabel('标段2名称').fill('聚丙烯酰胺');
  await page.getByLabel('标段2数量').fill('2');
  await page.getByLabel('标段2单位').fill('吨');
  const deadline = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000);
  for (const field of ['#deadline', '#openAt']) {
    await page.locator(field).click();
    await page.locator(field).fill(chinaMinute(deadline));
    await page.locator(field).press('Enter');
    await expect(page.locator(field)).toHaveValue(chinaMinute(deadline));
  }
  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByText('招标项目已发布')).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/bid\/edite\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByText(/投标内容密封/)).toBeVisible();
  const d0 = (await detailOf(request, buyerToken, id)).data;
  expect(new Date(d0.deadline).getTime()).toBe(deadline.getTime());
  const [lot1, lot2] = d0.lots;

  // Three suppliers bid before the deadline.
  await seller.goto(`/mall/bidDetail?id=${id}`);
  await seller.getByTestId('bid-join').click();
  await expect(seller).toHaveURL(new RegExp(`/customer/bid/bidingIndex\\?id=${id}`));
  await seller.getByRole('button', { name: '报名参与' }).click();
  await expect(seller.getByText('报名成功')).toBeVisible();
  await seller.getByLabel('聚合氯化铝报价').fill(PRICES.a[0]!);
  await seller.getByLabel('聚丙烯酰胺报价').fill(PRICES.a[1]!);
  await seller.getByRole('button', { name: '提交投标' }).click();
  await expect(seller.getByText('投标已提交')).toBeVisible();
  await expect(seller.getByText(/我的投标（第1版/)).toBeVisible();
  for (const k of ['b', 'c'] as const) {
    const res = await call(request, tokens[k], 'POST', '/api/tender/bid', { tenderId: id, prices: [{ lotId: lot1!.id, price: Number(PRICES[k][0]) }, { lotId: lot2!.id, price: Number(PRICES[k][1]) }], validityDays: 90 });
    expect(res.code, res.message).toBe(0);
  }

  // Sealed: the purchaser sees a count only, in the page and through the API; a bidder sees only its own prices.
  const sealed = (await detailOf(request, buyerToken, id)).data;
  expect(sealed).toMatchObject({ bidCount: 3, bids: [] });
  expect(JSON.stringify(sealed)).not.toContain(PRICES.a[0]);
  await page.reload();
  await expect(page.getByText(/已投标 3 家/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(PRICES.b[0]!);
  const bView = JSON.stringify((await detailOf(request, tokens.b, id)).data);
  expect(bView).toContain(PRICES.b[0]);
  expect(bView).not.toContain(PRICES.a[0]);
  expect(bView).not.toContain(PRICES.c[0]);
  const adminToken = await apiLogin(request, 'admin', DEMO_PASSWORD);
  expect(JSON.stringify(await detailOf(request, adminToken, id))).not.toContain(PRICES.a[0]);

  // The deadline passes: the timed rules close the tender, then open it at the opening time. The test's clock
  // runs them as at their times instead of waiting for them (clock-helpers.ts).
  await runTimedRules(request, id, TENDER_CLOCKS);
  await expect
    .poll(async () => (await detailOf(request, buyerToken, id)).data.status, { timeout: 30_000, intervals: [500, 1_000, 2_000] })
    .toBe(4);
  await page.reload();
  await expect(page.getByText('开标记录与评标')).toBeVisible();
  await expect(page.locator('body')).toContainText('199.99');

  // Scoring and award of lot 1 in the page (the demo supplier 18800000002 wins it); lot 2 through the API.
  const opened = (await detailOf(request, buyerToken, id)).data;
  const names = Object.fromEntries(opened.bids.map((b) => [b.bidId, b.companyName]));
  const lotCard = page.locator('.ant-card', { hasText: '聚合氯化铝（10 吨）' }).last();
  for (const b of opened.bids) {
    await lotCard.getByLabel(`${names[b.bidId]}价格分`).fill(b.prices[0]!.price === PRICES.b[0] ? '100' : '90');
    await lotCard.getByLabel(`${names[b.bidId]}技术分`).fill('80');
  }
  await lotCard.getByRole('button', { name: '保存评分' }).click();
  await expect(page.getByText('评分已保存')).toBeVisible();
  await expect(lotCard.getByText('92.00')).toBeVisible();
  await lotCard.getByRole('row', { name: /199\.99/ }).getByRole('button', { name: '定标' }).click();
  await confirmBubble(page);
  await expect(page.getByText('已定标').first()).toBeVisible();
  const cBid = opened.bids.find((b) => b.prices[1]?.price === PRICES.c[1])!;
  const award2 = await call(request, buyerToken, 'POST', '/api/tender/award', { tenderId: id, lotId: lot2!.id, bidId: cBid.bidId });
  expect(award2.code, award2.message).toBe(0);

  // The purchaser composes and publishes the 中标公告; it appears on the public results list.
  await page.goto(`/customer/bid/bededite?id=${id}`);
  await expect(page.locator('#title')).toHaveValue(`${title}中标公告`);
  await page.getByRole('button', { name: '发布中标公告' }).click();
  // The toast, or the page's result of the same words while it is still shown: either says it was published.
  await expect(page.getByText('中标公告已发布').first()).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto('/mall/bidindex?type=2');
  await expect(visitor.getByText(`${title}中标公告`)).toBeVisible();

  // Every bidder's inbox tells its outcome: the fresh supplier lost, both demo suppliers won a lot.
  await seller.goto('/customer/message/index');
  await expect(seller.getByText(`未中标通知：${title}`)).toBeVisible();
  for (const k of ['b', 'c'] as const) {
    const inbox = await call<{ list: { title: string }[] }>(request, tokens[k], 'GET', '/api/message/list?pageIndex=1&pageSize=20');
    expect(inbox.data.list.map((m) => m.title)).toContain(`中标通知：${title}`);
  }
  // During the publicity period the losing bidder may object.
  await seller.goto(`/customer/bid/bidingIndex?id=${id}`);
  await expect(seller.getByText(/本次未中标/)).toBeVisible();
  await seller.getByPlaceholder(/请说明异议理由/).fill('评分依据未公开');
  await seller.getByRole('button', { name: '提出异议' }).click();
  await expect(seller.getByText('异议已提交')).toBeVisible();
});
