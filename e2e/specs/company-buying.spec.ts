import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { outboxCode, registerViaApi, signIn } from './auth-helpers.ts';
import { addCheckoutAddress, checkoutOnly } from './trade-helpers.ts';

/**
 * The whole-company journey, contract price part (docs/product/prices.md): the supplier 18800000003 (山东蓝海)
 * gives the demo purchaser 北京京南再生水 a contract price on its 协议价管理 page; a buyer of that company sees
 * 协议价 with the list price struck through on the goods list and the goods page, and in the cart; it orders with
 * a PO number; the order reaches the supplier at the contract price with the PO number. A visitor sees the list
 * price on the same (cached) goods answer. The second test is the whole journey in one company: a contract price,
 * a checkout above the approval threshold with a PO number, the department head then finance approve in the browser,
 * the order reaches the supplier at the contract price with the PO number, and an approved call-off draws a
 * framework agreement down on both sides.
 */
test.use({ timezoneId: 'Asia/Shanghai' });

const BUYER = '北京京南再生水有限公司';

interface Sku {
  skuId: number;
  skuCode: string;
  productName: string;
  listPrice: string;
}

test('a supplier gives 北京京南再生水 a contract price; its buyer sees it, orders at it with a PO number; the supplier gets it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, '18800000003');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const skus = (await (await page.request.get('/api/contractPrice/skus?keyword=一体化净水设备', { headers: { 'x-token': token! } })).json())
    .data as Sku[];
  // A SKU no earlier run priced for this buyer (each run starts from a fresh demo database; stay safe anyway).
  const sku = skus[0]!;
  expect(sku, 'a demo SKU of 山东蓝海').toBeTruthy();
  const listFen = Math.round(Number(sku.listPrice) * 100);
  const contract = Math.floor((listFen * 0.9) / 100);
  const contractText = contract.toLocaleString('en-US');

  // 1. The supplier: an empty form is refused in Chinese, then the rule is saved and listed.
  await page.goto('/customer/price/index');
  await expect(page.getByText('暂无协议价')).toBeVisible();
  await page.getByTestId('contract-price-new').click();
  const dialog = page.getByRole('dialog', { name: '新增协议价' });
  await page.getByTestId('contract-price-save').click();
  await expect(dialog.getByText('请选择一家采购商')).toBeVisible();
  await expect(dialog.getByText('请至少选择一个SKU')).toBeVisible();
  await dialog.getByTestId('contract-price-buyer').click();
  await page.keyboard.type('京南');
  await page.locator('.ant-select-item-option', { hasText: BUYER }).click();
  await dialog.getByTestId('contract-price-skus').click();
  await page.keyboard.type(sku.skuCode);
  await page.locator('.ant-select-item-option', { hasText: sku.skuCode }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('协议单价（元）').fill('0');
  await page.getByTestId('contract-price-save').click();
  await expect(dialog.getByText('协议价必须大于0')).toBeVisible();
  await dialog.getByLabel('协议单价（元）').fill(String(contract));
  await dialog.getByLabel('限购数量').fill('5');
  await page.screenshot({ path: '/tmp/contract-price-form-1366.png' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/contractPrice/create'));
  await page.getByTestId('contract-price-save').click();
  expect((await (await saved).json()).code).toBe(0);
  await expect(dialog).toHaveCount(0);
  const row = page.locator('.ant-table-row', { hasText: sku.skuCode });
  await expect(row).toContainText(BUYER);
  await expect(row).toContainText('生效中');
  await expect(row).toContainText('5 / 0 / 5');
  await expect(row.locator('.contract-unit-price')).toContainText(contractText);
  await page.screenshot({ path: '/tmp/contract-price-list-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/contract-price-list-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // 2. A visitor sees the list price on the goods page.
  const visitor = await browser.newPage();
  await visitor.goto(`/mall/goodsList?productName=${encodeURIComponent(sku.productName)}`);
  const visitorCard = visitor.getByTestId('goods-card').filter({ hasText: sku.productName }).first();
  await expect(visitorCard).toBeVisible();
  await expect(visitorCard.getByTestId('goods-contract-price')).toHaveCount(0);
  await visitor.close();

  // 3. The buyer of 北京京南再生水: 协议价 on the goods list and the goods page, then in the cart.
  const buyer = await browser.newPage();
  await signIn(buyer, '18800000004');
  await buyer.goto(`/mall/goodsList?productName=${encodeURIComponent(sku.productName)}`);
  const card = buyer.getByTestId('goods-card').filter({ hasText: sku.productName }).first();
  await expect(card.getByTestId('goods-contract-price')).toContainText('协议价');
  await expect(card.getByTestId('goods-contract-price')).toContainText(contractText);
  await buyer.screenshot({ path: '/tmp/contract-price-goods-list-1366.png' });
  await card.locator('.am-goods-name').click();
  await expect(buyer).toHaveURL(/goodsDetail\?id=\d+/);
  await buyer.getByRole('radio', { name: /50t\/h/ }).click().catch(() => undefined);
  const skuPrice = buyer.getByTestId('sku-contract-price');
  await expect(skuPrice).toContainText(contractText);
  await expect(buyer.getByTestId('unit-price')).toContainText(contractText);
  await buyer.screenshot({ path: '/tmp/contract-price-goods-1366.png', fullPage: true });
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: '/tmp/contract-price-goods-390.png', fullPage: true });
  await buyer.setViewportSize({ width: 1366, height: 900 });
  await buyer.getByRole('button', { name: /加入购物车/ }).click();
  await expect(buyer.getByText(/已加入购物车/)).toBeVisible();
  await buyer.goto('/customer/cart');
  const line = buyer.getByRole('row').filter({ hasText: sku.productName });
  await expect(line.getByTestId('price-source')).toContainText('协议价');

  // 4. Checkout with a PO number: the order is at the contract price.
  await checkoutOnly(buyer, [line.getByRole('checkbox')], 1);
  const group = buyer.getByTestId('checkout-group');
  await expect(group.getByTestId('price-source')).toContainText('协议价');
  if (await buyer.getByTestId('checkout-add-address').isVisible()) {
    const chosen = buyer.getByRole('radiogroup', { name: '收货地址' }).getByRole('radio', { checked: true });
    if (!(await chosen.count())) await addCheckoutAddress(buyer);
  }
  const po = `PO-XY-${String(Date.now()).slice(-6)}`;
  await buyer.getByTestId('order-refs').getByLabel('采购单号').fill(po);
  await buyer.getByTestId('submit-checkout').click();
  const result = buyer.getByTestId('checkout-result');
  await expect(result).toBeVisible();
  const orderNo = (await result.getByTestId('order-link').first().innerText()).replace('订单', '').trim();

  // 5. The supplier finds the order by its PO number, at the contract price, tagged 协议价.
  await page.goto('/customer/saleOrder');
  await page.getByLabel('采购单号').fill(po);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const sale = page.getByRole('row').filter({ hasText: orderNo });
  await expect(sale).toHaveCount(1);
  await expect(sale.getByTestId('row-po-ref')).toContainText(po);
  await sale.getByText(orderNo).click();
  await expect(page.getByTestId('order-po-number')).toHaveText(po);
  await expect(page.getByTestId('price-source').first()).toContainText('协议价');
  await expect(page.getByText(contractText).first()).toBeVisible();

  // 6. The rule's cap shows the use on the supplier's page.
  await page.goto('/customer/price/index');
  await expect(page.locator('.ant-table-row', { hasText: sku.skuCode })).toContainText('5 / 1 / 4');
});

interface Goods {
  id: number;
  name: string;
  companyId: number;
  minOrder: number;
  skus: { sysNo: number; price: number; priceTiers: unknown[]; available: number }[];
}

type Envelope<T = unknown> = { code: number; message: string; data: T };

/** POSTs (or GETs) an API call with a token and answers the envelope. */
async function call<T = unknown>(request: APIRequestContext, token: string, path: string, data?: object): Promise<Envelope<T>> {
  const res = data ? await request.post(path, { headers: { 'x-token': token }, data }) : await request.get(path, { headers: { 'x-token': token } });
  return (await res.json()) as Envelope<T>;
}

/** The administrator invites a colleague with these roles; the colleague accepts with the SMS code; answers their login. */
async function colleague(request: APIRequestContext, adminToken: string, realName: string, roleIds: number[]) {
  const phone = `135${String(Date.now()).slice(-8)}`;
  const invited = await call(request, adminToken, '/api/user/invite', { phone, realName, roleIds });
  expect(invited.code, invited.message).toBe(0);
  const password = 'Colleague2026x';
  const accepted = await request.post('/api/appuser/acceptinvite', { data: { phone, code: await outboxCode(request, phone), password, confirmPassword: password } });
  expect(((await accepted.json()) as Envelope).code).toBe(0);
  return { phone, password };
}

/** Signs the approver in on a new page, opens the request and approves it in the dialog (通过). */
async function approveInBrowser(browser: Browser, who: { phone: string; password: string }, requestPath: string, shot?: string): Promise<Page> {
  const p = await browser.newPage({ timezoneId: 'Asia/Shanghai' });
  await signIn(p, who.phone, who.password);
  await p.goto(requestPath);
  await p.getByTestId('approve').click();
  const dialog = p.getByRole('dialog', { name: '审批通过' });
  await dialog.getByLabel('审批意见（选填）').fill('同意采购');
  if (shot) await p.screenshot({ path: shot });
  const decided = p.waitForResponse((r) => r.url().endsWith('/api/purchase-request/approve'));
  await dialog.getByRole('button', { name: /通\s*过/ }).click();
  expect(((await (await decided).json()) as Envelope).code).toBe(0);
  await see(dialog).toHaveCount(0);
  return p;
}

/** Locator assertions of the journey: its pages load slowly on a loaded machine (several browsers at once). */
const see = expect.configure({ timeout: 45_000 });

/** Today in China (the agreement's period is in China days). */
const chinaToday = (plusDays = 0) => new Date(Date.now() + 8 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The whole-company journey, approvals part (docs/product/approvals.md): a purchaser's administrator sets up a
 * department with a head, a finance colleague and a rule (≥ ¥1: 部门负责人, then 财务); the administrator, a
 * member of the department, checks out goods of 18800000002 → a purchase request; the head and finance approve
 * in the browser; the order reaches the supplier (我的供货订单). Then a call-off against an agreement of
 * 18800000003 is caught by the same rule and, once approved, draws the agreement down.
 */
test('purchases above the threshold wait for the head and finance; the order then reaches the supplier; a call-off is approved and draws the agreement down', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const request = page.request;

  // Goods of 18800000002 with stock and one price.
  const supplier = await signIn(page, '18800000002');
  const list = (await (await request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data.list as { id: number; companyId: number }[];
  let goods: Goods | null = null;
  for (const item of list.filter((i) => i.companyId === supplier.extension.CompanyId)) {
    const detail = (await (await request.get(`/api/product/${item.id}`)).json()).data as Goods;
    const sku = detail.skus[0];
    if (sku && !sku.priceTiers.length && sku.price > 0 && sku.available >= 2 * Math.max(1, detail.minOrder)) {
      goods = detail;
      break;
    }
  }
  expect(goods, 'a demo supplier product with stock and one price').not.toBeNull();
  const sku = goods!.skus[0]!;
  const qty = Math.max(1, goods!.minOrder);

  // 1. Set-up through the API: a fresh purchaser company, its head and finance colleagues, a department, a rule.
  const admin = await registerViaApi(request, 'Admin2026pass');
  const roles = (await call<{ list: { sysNo: number; name: string }[] }>(request, admin.token, '/api/role/list', { pageIndex: 1, pageSize: 50 })).data.list;
  const buyerRole = roles.find((r) => r.name === '采购员')!;
  const financeRole = roles.find((r) => r.name === '财务')!;
  expect(buyerRole && financeRole, 'the 采购员 and 财务 presets').toBeTruthy();
  const head = await colleague(request, admin.token, '周部长', [buyerRole.sysNo]);
  const finance = await colleague(request, admin.token, '吴财务', [financeRole.sysNo]);
  const users = (await call<{ list: { sysNo: number; phone: string }[] }>(request, admin.token, '/api/user/list', { pageIndex: 1, pageSize: 50 })).data.list;
  const idOf = (phone: string) => users.find((u) => u.phone === phone)!.sysNo;
  const dept = await call(request, admin.token, '/api/department/create', { name: '采购部', headUserId: idOf(head.phone), memberIds: [idOf(admin.phone), idOf(head.phone)] });
  expect(dept.code, dept.message).toBe(0);
  const rule = await call(request, admin.token, '/api/approval/rule/create', {
    name: '采购审批',
    priority: 1,
    active: true,
    minAmount: 1,
    categoryId: null,
    sellerCompanyId: null,
    departmentId: null,
    roleId: null,
    steps: [{ kind: 'head' }, { kind: 'role', roleId: financeRole.sysNo }],
  });
  expect(rule.code, rule.message).toBe(0);

  // 2. The administrator (a buyer of 采购部) checks out: the order waits as a purchase request.
  const buyer = await browser.newPage({ timezoneId: 'Asia/Shanghai' });
  const me = await signIn(buyer, admin.phone, admin.password);
  // The supplier gives the new company a contract price on the SKU (10% off the list, decision 0199): the order
  // placed by the last approval must reach it at that price, with the PO number entered at checkout.
  const supplierToken = (await page.evaluate(() => localStorage.getItem('token')))!;
  const price = await call(request, supplierToken, '/api/contractPrice/create', {
    purchaserCompanyId: me.extension.CompanyId,
    skuIds: [sku.sysNo],
    kind: 2, // ContractPriceKind.DISCOUNT
    value: 10,
    tiers: [],
    validFrom: chinaToday(),
    validTo: null,
    capQty: null,
    remark: '',
  });
  expect(price.code, price.message).toBe(0);
  await buyer.goto(`/customer/cart/checkout?skuId=${sku.sysNo}&quantity=${qty}`);
  await addCheckoutAddress(buyer);
  await see(buyer.getByTestId('checkout-group').getByTestId('price-source')).toContainText('协议价');
  const po = `PO-SP-${String(Date.now()).slice(-6)}`;
  await buyer.getByTestId('order-refs').getByLabel('采购单号').fill(po);
  await buyer.getByTestId('submit-checkout').click();
  const link = buyer.getByTestId('purchase-request-link');
  await see(link).toBeVisible();
  const requestPath = (await link.getAttribute('href'))!;
  expect(requestPath).toMatch(/^\/customer\/approval\/request\/\d+$/);
  await link.click();
  await see(buyer.getByText('待审批').first()).toBeVisible();

  // 3. The head, then finance, approve in the browser.
  const headPage = await approveInBrowser(browser, head, requestPath, '/tmp/journey-approve-dialog-1366.png');
  await see(headPage.getByTestId('approve')).toHaveCount(0);
  await headPage.close();
  const financePage = await approveInBrowser(browser, finance, requestPath);
  await see(financePage.getByText('已生成的订单')).toBeVisible();
  const orderNo = (await financePage.getByRole('link', { name: /^订单 / }).first().innerText()).replace('订单', '').trim();
  await financePage.close();
  await buyer.goto(requestPath);
  await see(buyer.getByText('已通过').first()).toBeVisible();
  await see(buyer.getByRole('link', { name: `订单 ${orderNo}` })).toBeVisible();

  // 4. The order reached the supplier: 我的供货订单.
  await page.goto('/customer/saleOrder');
  const sale = page.getByRole('row').filter({ hasText: orderNo });
  // The supplier's list is long (the demo's orders); under load it may take a while.
  await see(sale).toHaveCount(1, { timeout: 45_000 });
  await see(sale).toContainText(me.extension.CompanyName);
  await see(sale.getByTestId('row-po-ref')).toContainText(po);
  await sale.getByText(orderNo).click();
  await see(page.getByTestId('order-po-number')).toHaveText(po);
  await see(page.getByTestId('price-source').first()).toContainText('协议价');

  // 5. A call-off against an agreement of 18800000003 (entered and confirmed through the API) is caught by the rule.
  const seller = await browser.newPage({ timezoneId: 'Asia/Shanghai' });
  await signIn(seller, '18800000003');
  const sellerToken = (await seller.evaluate(() => localStorage.getItem('token')))!;
  const created = await call<{ id: number }>(seller.request, sellerToken, '/api/agreement/create', {
    buyerCompanyId: me.extension.CompanyId,
    title: '年度药剂框架协议',
    validFrom: chinaToday(),
    validTo: chinaToday(30),
    remark: '',
    lines: [{ productName: '次氯酸钠', spec: '10%', unit: '吨', unitPrice: 1200, quantity: 50 }],
  });
  expect(created.code, created.message).toBe(0);
  const agreementId = created.data.id;
  const confirmed = await call(request, admin.token, '/api/agreement/confirm', { id: agreementId });
  expect(confirmed.code, confirmed.message).toBe(0);
  await buyer.goto(`/customer/agreement/detail?id=${agreementId}`);
  await see(buyer.getByTestId('agreement-lines')).toBeVisible({ timeout: 30_000 });
  await see(buyer.getByTestId('line-remaining')).toHaveText('50吨');
  await buyer.getByLabel('次氯酸钠下达数量').fill('20');
  await buyer.getByTestId('calloff-submit').click();
  const waiting = buyer.getByTestId('calloff-waiting');
  await see(waiting).toContainText('本次下达需审批');
  // Nothing is drawn while it waits.
  await see(buyer.getByTestId('line-remaining')).toHaveText('50吨');
  await buyer.screenshot({ path: '/tmp/journey-calloff-waiting-1366.png', fullPage: true });
  const callOffPath = (await waiting.getByTestId('purchase-request-link').getAttribute('href'))!;
  await waiting.getByTestId('purchase-request-link').click();
  await see(buyer.getByTestId('request-subject')).toContainText('订单下达');
  await see(buyer.getByRole('row').filter({ hasText: '次氯酸钠' })).toContainText('20吨');
  await buyer.screenshot({ path: '/tmp/journey-calloff-request-1366.png', fullPage: true });
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: '/tmp/journey-calloff-request-390.png', fullPage: true });
  await buyer.setViewportSize({ width: 1366, height: 900 });

  // 6. Head and finance approve: the call-off's order is placed and the agreement drawn down on both sides.
  await (await approveInBrowser(browser, head, callOffPath)).close();
  const last = await approveInBrowser(browser, finance, callOffPath);
  await see(last.getByText('已生成的订单')).toBeVisible();
  const callOffNo = (await last.getByRole('link', { name: /^订单 / }).first().innerText()).replace('订单', '').trim();
  await last.close();
  await buyer.goto(`/customer/agreement/detail?id=${agreementId}`);
  await see(buyer.getByTestId('line-remaining')).toHaveText('30吨');
  await see(buyer.getByTestId('agreement-calloffs').getByRole('link', { name: callOffNo })).toBeVisible();
  await seller.goto(`/customer/agreement/detail?id=${agreementId}`);
  await see(seller.getByTestId('line-remaining')).toHaveText('30吨');
  await see(seller.getByTestId('agreement-calloffs').getByRole('link', { name: callOffNo })).toBeVisible();
});
