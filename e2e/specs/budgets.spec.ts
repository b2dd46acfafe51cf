import { expect, test } from '@playwright/test';
import { registerViaApi, signIn } from './auth-helpers.ts';
import { addCheckoutAddress } from './trade-helpers.ts';

interface Goods {
  id: number;
  name: string;
  companyId: number;
  minOrder: number;
  skus: { sysNo: number; price: number; priceTiers: unknown[]; available: number }[];
}

/**
 * Issue 31 budgets (docs/product/budgets.md): a purchaser's administrator allocates this month's budget to a buyer
 * on 预算管理; the checkout shows what it draws on; an order within it is placed, the next one beyond it is
 * refused with the remaining amount; cancelling the first order gives its amount back.
 */
test('budget set by the administrator, an order beyond it refused, a cancellation releases it', async ({ page }) => {
  test.setTimeout(150_000);
  const supplier = await signIn(page, '18800000002');
  const list = (await (await page.request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data.list as { id: number; companyId: number }[];
  let goods: Goods | null = null;
  for (const item of list.filter((i) => i.companyId === supplier.extension.CompanyId)) {
    const detail = (await (await page.request.get(`/api/product/${item.id}`)).json()).data as Goods;
    const sku = detail.skus[0];
    if (sku && !sku.priceTiers.length && sku.price > 0 && sku.available >= 4 * Math.max(1, detail.minOrder)) {
      goods = detail;
      break;
    }
  }
  expect(goods, 'a demo supplier product with stock and one price').not.toBeNull();
  const g = goods!;
  const sku = g.skus[0]!;
  const qty = Math.max(1, g.minOrder);
  const orderFen = Math.round(sku.price * 100) * qty;
  // One order fits, a second does not.
  const budgetYuan = (orderFen * 3) / 2 / 100;

  const buyer = await registerViaApi(page.request);
  await signIn(page, buyer.phone, buyer.password);
  const headers = { 'x-token': buyer.token };

  // 预算管理: the administrator allocates this month's budget to the buyer (人员).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/customer/approval/budgets');
  await expect(page.getByText('暂无预算：下单不受预算限制')).toBeVisible();
  await page.getByRole('button', { name: '下达预算' }).click();
  const dialog = page.getByRole('dialog', { name: '下达预算' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择部门')).toBeVisible();
  await dialog.getByText('人员', { exact: true }).click();
  await dialog.getByRole('combobox', { name: /人员/ }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: buyer.phone }).click();
  await dialog.getByLabel('预算金额（元）').fill(String(budgetYuan));
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: `人员：${buyer.phone}` });
  await expect(row).toContainText('当期');
  await expect(row).toContainText('已用 ¥0.00');
  await page.screenshot({ path: '/tmp/budgets-page-1366.png' });

  // Checkout within the budget: the usage is shown, the order is placed.
  await page.goto(`/customer/cart/checkout?skuId=${sku.sysNo}&quantity=${qty}`);
  await addCheckoutAddress(page);
  const usage = page.getByTestId('checkout-budget');
  await expect(usage).toContainText('本次采购将占用以下预算');
  await expect(usage).toContainText(`人员：${buyer.phone}`);
  await page.getByTestId('submit-checkout').click();
  const result = page.getByTestId('checkout-result');
  await expect(result).toBeVisible();
  const orderHref = await result.getByTestId('order-link').first().getAttribute('href');
  const orderId = Number(/id=(\d+)/.exec(orderHref ?? '')?.[1]);
  expect(orderId).toBeGreaterThan(0);

  // The same again goes beyond what remains: warned at checkout, refused with the remaining amount.
  await page.goto(`/customer/cart/checkout?skuId=${sku.sysNo}&quantity=${qty}`);
  const remaining = (orderFen / 2 / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(page.getByTestId('checkout-budget')).toContainText(`剩余 ¥${(orderFen / 2 / 100).toFixed(2)}`);
  await expect(page.getByTestId('checkout-budget')).toContainText('无法提交');
  await page.screenshot({ path: '/tmp/budgets-checkout-1366.png' });
  await page.getByTestId('submit-checkout').click();
  await expect(page.getByText(new RegExp(`^超出预算：人员：${buyer.phone} \\d{4}年\\d{1,2}月预算剩余 ¥${remaining.replace('.', '\\.')}，本次采购`))).toBeVisible();
  await expect(page.getByTestId('checkout-result')).toHaveCount(0);

  // The buyer cancels the first order: the budget gets its amount back.
  const cancel = await (await page.request.post('/api/order/cancel', { headers, data: { orderId, reason: '预算调整' } })).json();
  expect(cancel.code).toBe(0);
  await page.goto('/customer/approval/budgets');
  await expect(row).toContainText('已用 ¥0.00');
  await row.getByRole('button', { name: '明细' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByRole('row').filter({ hasText: '订单取消释放' })).toHaveCount(1);
  await expect(drawer.getByRole('row').filter({ hasText: '订单占用' })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/budgets-ledger-1366.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customer/approval/budgets');
  await expect(row).toBeVisible();
  await page.screenshot({ path: '/tmp/budgets-page-390.png', fullPage: true });
});
