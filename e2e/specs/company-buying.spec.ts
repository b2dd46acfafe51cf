import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';
import { addCheckoutAddress, checkoutOnly } from './trade-helpers.ts';

/**
 * The whole-company journey, contract price part (docs/product/prices.md): the supplier 18800000003 (山东蓝海)
 * gives the demo purchaser 北京京南再生水 a contract price on its 协议价管理 page; a buyer of that company sees
 * 协议价 with the list price struck through on the goods list and the goods page, and in the cart; it orders with
 * a PO number; the order reaches the supplier at the contract price with the PO number. A visitor sees the list
 * price on the same (cached) goods answer.
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
