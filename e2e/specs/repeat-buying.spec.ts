import { expect, test } from '@playwright/test';
import { registerViaApi, signIn } from './auth-helpers.ts';
import { addCheckoutAddress, checkoutOnly } from './trade-helpers.ts';

interface Goods {
  id: number;
  name: string;
  companyId: number;
  minOrder: number;
  skus: { sysNo: number; code: string; available: number }[];
}

/**
 * Issue 31 part 4 (docs/product/orders.md#po-numbers, #reorder-and-quick-order): a purchaser quick-orders by
 * pasting SKU codes, checks out with a 采购单号, buys the order again from its detail; the supplier sees the
 * 采购单号 on the order and finds the order by it.
 */
test('quick order by codes, PO number at checkout, reorder; the supplier finds the order by its PO number', async ({ page }) => {
  test.setTimeout(120_000);
  const supplier = await signIn(page, '18800000002');
  const list = (await (await page.request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data
    .list as { id: number; companyId: number }[];
  let goods: Goods | null = null;
  for (const item of list.filter((i) => i.companyId === supplier.extension.CompanyId)) {
    const detail = (await (await page.request.get(`/api/product/${item.id}`)).json()).data as Goods;
    const sku = detail.skus[0];
    if (sku?.code && sku.available >= 2 * Math.max(1, detail.minOrder)) {
      goods = detail;
      break;
    }
  }
  expect(goods, 'a demo supplier product with stock').not.toBeNull();
  const g = goods!;
  const sku = g.skus[0]!;

  const buyer = await registerViaApi(page.request);
  await signIn(page, buyer.phone, buyer.password);

  // 快速下单: one good code (lower case), one unknown code, one unreadable line.
  await page.goto('/customer/quick-order');
  await page.getByTestId('quick-order-text').fill(`${sku.code.toLowerCase()} ${g.minOrder}\nNO-SUCH-CODE-9 1\n坏行 x`);
  await page.getByTestId('quick-order-resolve').click();
  await expect(page.getByText('第 3 行「坏行 x」：数量必须是正整数')).toBeVisible();
  const notes = page.getByTestId('resolved-notes');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText('可购买');
  await expect(notes.nth(1)).toContainText('编码不存在');
  await expect(page.getByRole('row').filter({ hasText: g.name })).toHaveCount(1);
  await page.getByTestId('quick-order-add').click();
  await expect(page.getByTestId('quick-order-added')).toHaveText('已将 1 种商品加入购物车');

  // Checkout with a 采购单号 and a 成本中心; a bad one is refused in the form first.
  await page.goto('/customer/cart');
  await checkoutOnly(page, [page.getByRole('row').filter({ hasText: g.name }).getByRole('checkbox')], 1);
  await addCheckoutAddress(page);
  const po = `PO-E2E-${String(Date.now()).slice(-6)}`;
  const refs = page.getByTestId('order-refs');
  await refs.getByLabel('采购单号').fill('PO 带空格');
  await page.getByTestId('submit-checkout').click();
  await expect(refs.getByText('采购单号只能包含字母、数字和 - _ / . #')).toBeVisible();
  await refs.getByLabel('采购单号').fill(po);
  await refs.getByLabel('成本中心').fill('水处理车间');
  await page.getByTestId('submit-checkout').click();
  const result = page.getByTestId('checkout-result');
  await expect(result).toBeVisible();
  const orderNo = (await result.getByTestId('order-link').first().innerText()).replace('订单', '').trim();
  await result.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-po-number')).toHaveText(po);
  await expect(page.getByText('水处理车间')).toBeVisible();

  // 再次购买 from the detail: the line goes back into the cart at today's price.
  await page.getByTestId('reorder').click();
  const dialog = page.getByRole('dialog', { name: '再次购买' });
  await expect(dialog.getByText('已将 1 种商品按今日价格加入购物车')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: g.name })).toContainText('可购买');
  await page.screenshot({ path: '/tmp/repeat-reorder-1366.png', fullPage: false });
  await dialog.getByRole('button', { name: '关闭' }).click();

  // The supplier: the 采购单号 on its sale order list, found by the filter.
  await signIn(page, '18800000002');
  await page.goto('/customer/saleOrder');
  await page.getByLabel('采购单号').fill(po.slice(-6));
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('row-po-ref')).toContainText(po);
  await page.screenshot({ path: '/tmp/repeat-supplier-1366.png', fullPage: false });
});
