import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, signIn } from './auth-helpers.ts';
import { addCheckoutAddress, checkoutOnly } from './trade-helpers.ts';

interface Goods {
  id: number;
  name: string;
  companyId: number;
  minOrder: number;
  skus: { sysNo: number; available: number }[];
}

/** Two on-sale products of two different suppliers whose first SKU has stock for the minimum order. */
async function twoProductsOfTwoSuppliers(request: APIRequestContext): Promise<[Goods, Goods]> {
  const list = (await (await request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data
    .list as { id: number; companyId: number }[];
  const chosen: Goods[] = [];
  for (const item of list) {
    if (chosen.some((g) => g.companyId === item.companyId)) continue;
    const detail = (await (await request.get(`/api/product/${item.id}`)).json()).data as Goods;
    const sku = detail.skus[0];
    if (sku && sku.available >= Math.max(1, detail.minOrder)) chosen.push(detail);
    if (chosen.length === 2) break;
  }
  expect(chosen).toHaveLength(2);
  return chosen as [Goods, Goods];
}

test('a purchaser adds goods of two suppliers from the mall and checks out: two orders', async ({ page }) => {
  const [a, b] = await twoProductsOfTwoSuppliers(page.request);
  // A purchaser of its own: the demo purchaser's cart belongs to the trade journey running beside this spec.
  const buyer = await registerViaApi(page.request);
  await signIn(page, buyer.phone, buyer.password);

  for (const g of [a, b]) {
    await page.goto(`/mall/goodsDetail?id=${g.id}`);
    await page
      .getByRole('radio')
      .first()
      .click()
      .catch(() => undefined);
    const added = page.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
    await page.getByTestId('add-to-cart').click();
    expect((await (await added).json()).code).toBe(0);
  }

  await page.goto('/customer/cart');
  // The demo cart holds seeded lines too: both products are there, each under its supplier's shop.
  for (const g of [a, b])
    await expect(page.getByTestId('cart-shop').filter({ hasText: g.name })).toHaveCount(1);
  await expect(page.getByTestId('cart-link')).toContainText('购物车');
  // Only this run's two lines go to checkout (the demo cart may hold earlier lines).
  await checkoutOnly(
    page,
    [a, b].map((g) => page.getByRole('row').filter({ hasText: g.name }).getByRole('checkbox')),
    2,
  );

  // A new address, chosen automatically when saved.
  await addCheckoutAddress(page);

  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/checkout/submit'));
  await page.getByTestId('submit-checkout').click();
  const res = await submitted;
  expect(res.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const result = page.getByTestId('checkout-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('order-link')).toHaveCount(2);
  await expect(result.getByTestId('order-link').first()).toHaveAttribute(
    'href',
    /\/customer\/order\/detail\?type=0&id=\d+$/,
  );
  await expect(page.getByText('已提交 2 个订单')).toBeVisible();
});

test('a visitor is sent to login from 立即购买 and comes back to the goods', async ({ page, request }) => {
  const [a] = await twoProductsOfTwoSuppliers(request);
  await page.goto(`/mall/goodsDetail?id=${a.id}`);
  await page.getByTestId('buy-now').click();
  await expect(page).toHaveURL(
    new RegExp(
      `/sso/login\\?returnUrl=${encodeURIComponent(`/mall/goodsDetail?id=${a.id}`).replace(/[?]/g, '\\?')}`,
    ),
  );
});
