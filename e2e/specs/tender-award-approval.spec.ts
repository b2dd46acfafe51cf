import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, outboxCode, signIn } from './auth-helpers.ts';
import { TENDER_CLOCKS, runTimedRules } from './clock-helpers.ts';
import { apiLogin, registerSupplier } from './merchant-helpers.ts';

/**
 * A tender award caught by an approval rule (docs/product/approvals.md#awards, decision 0242): the tender page says
 * 定标需审批 with the purchase request's link, and still says so after a reload (the tender detail reports it).
 * The rule is limited to a fresh supplier, so no other journey of the demo purchaser is routed by it.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
type Envelope<T = unknown> = { code: number; message: string; data: T };
const api = async <T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) => {
  const res = method === 'GET' ? await request.get(path, { headers: { 'x-token': token } }) : await request.post(path, { headers: { 'x-token': token }, data });
  return (await res.json()) as Envelope<T>;
};

test('a tender award caught by an approval rule shows 定标需审批 with its request, also after a reload', async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 100000;
  const buyerToken = await apiLogin(request, '18800000004', DEMO_PASSWORD);

  // A 财务 colleague of the purchaser approves awards to a fresh supplier (any amount).
  const fresh = await registerSupplier(request, `E2E定标审批供应商${stamp}有限公司`);
  const freshToken = await apiLogin(request, fresh.phone, fresh.password);
  const roles = (await api<{ list: { sysNo: number; name: string }[] }>(request, buyerToken, 'POST', '/api/role/list', { pageIndex: 1, pageSize: 50 })).data.list;
  const finance = roles.find((r) => r.name === '财务')!;
  const phone = `135${String(Date.now()).slice(-8)}`;
  expect((await api(request, buyerToken, 'POST', '/api/user/invite', { phone, realName: '审批财务', roleIds: [finance.sysNo] })).code).toBe(0);
  const accepted = await request.post('/api/appuser/acceptinvite', { data: { phone, code: await outboxCode(request, phone), password: 'Colleague2026x', confirmPassword: 'Colleague2026x' } });
  expect(((await accepted.json()) as Envelope).code).toBe(0);

  // The tender: one lot, bids by the fresh supplier (cheapest) and the two demo suppliers, closed and opened.
  const deadline = new Date(Math.ceil((Date.now() + 90_000) / 60_000) * 60_000).toISOString();
  const saved = await api<{ id: number }>(request, buyerToken, 'POST', '/api/tender/save', {
    title: `E2E定标审批${stamp}`,
    category: '水处理药剂',
    budget: 100000,
    budgetShown: true,
    areaName: '北京市',
    content: '<p>详见招标文件</p>',
    lots: [{ name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 30000 }],
    deadline,
    openAt: deadline,
    priceWeight: 60,
  });
  expect(saved.code, saved.message).toBe(0);
  const id = saved.data.id;
  expect((await api(request, buyerToken, 'POST', '/api/tender/publish', { id })).code).toBe(0);
  const lotId = (await api<{ lots: { id: number }[] }>(request, buyerToken, 'GET', `/api/tender/detail?id=${id}`)).data.lots[0]!.id;
  const bidders = [freshToken, await apiLogin(request, '18800000002', DEMO_PASSWORD), await apiLogin(request, '18800000003', DEMO_PASSWORD)];
  for (const [i, token] of bidders.entries()) {
    const bid = await api(request, token, 'POST', '/api/tender/bid', { tenderId: id, prices: [{ lotId, price: 2000 + i * 100 }], validityDays: 90 });
    expect(bid.code, bid.message).toBe(0);
  }
  await runTimedRules(request, id, TENDER_CLOCKS);
  await expect.poll(async () => (await api<{ status: number }>(request, buyerToken, 'GET', `/api/tender/detail?id=${id}`)).data.status, { timeout: 30_000 }).toBe(4);
  const opened = (await api<{ bids: { bidId: number; companyId: number; companyName: string }[] }>(request, buyerToken, 'GET', `/api/tender/detail?id=${id}`)).data;
  const winner = opened.bids.find((b) => b.companyName.startsWith('E2E定标审批供应商'))!;
  const rule = await api(request, buyerToken, 'POST', '/api/approval/rule/create', {
    name: `定标审批${stamp}`,
    priority: 1,
    active: true,
    minAmount: 0,
    categoryId: null,
    sellerCompanyId: winner.companyId,
    departmentId: null,
    roleId: null,
    steps: [{ kind: 'role', roleId: finance.sysNo }],
  });
  expect(rule.code, rule.message).toBe(0);

  // The purchaser awards the lot in the page: it waits as a purchase request, and the page says so.
  await signIn(page, '18800000004');
  await page.goto(`/customer/bid/edite?id=${id}`);
  const lotCard = page.locator('.ant-card', { hasText: '聚合氯化铝（10 吨）' }).last();
  await lotCard.getByRole('row', { name: new RegExp(winner.companyName) }).getByRole('button', { name: '定标' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
  const waiting = page.getByTestId('award-waiting');
  await expect(waiting).toContainText('定标需审批');
  await expect(waiting.getByTestId('purchase-request-link')).toHaveText(/^SQ\d+$/);
  const requestNo = await waiting.getByTestId('purchase-request-link').innerText();

  // After a reload the page still says it, from the tender detail; the lot offers no 定标 meanwhile.
  await page.reload();
  await expect(page.getByTestId('award-waiting')).toContainText('定标需审批');
  await expect(page.getByTestId('purchase-request-link')).toHaveText(requestNo);
  await expect(lotCard.getByRole('button', { name: '定标' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/tender-award-waiting.png`, fullPage: true });
  await page.getByTestId('purchase-request-link').click();
  await expect(page).toHaveURL(/\/customer\/approval\/request\/\d+$/);
  await expect(page.getByText(requestNo).first()).toBeVisible();
});
