import { expect, test } from '../fixtures/console.ts';
import { registerViaApi, signIn } from './auth-helpers.ts';
import { addCheckoutAddress, checkoutOnly, confirmAndAnswer, popconfirm } from './trade-helpers.ts';

test('the purchaser pays an order by the WeChat Pay sandbox (scan page), the supplier sees it paid', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A fresh purchaser orders an on-sale product of the demo supplier (the demo's own 待确认 orders belong to
  // orders.spec.ts and agreements.spec.ts), and the supplier confirms it.
  const supplier = await signIn(page, '18800000002');
  const list = (await (await page.request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data.list as {
    id: number;
    companyId: number;
    name: string;
  }[];
  let goods: { id: number; name: string } | undefined;
  for (const item of list.filter((i) => i.companyId === supplier.extension.CompanyId)) {
    const d = (await (await page.request.get(`/api/product/${item.id}`)).json()).data as { minOrder: number; skus: { available: number }[] };
    if ((d.skus[0]?.available ?? 0) >= Math.max(1, d.minOrder)) {
      goods = item;
      break;
    }
  }
  expect(goods, 'an on-sale product of the demo supplier').toBeTruthy();
  const buyer = await browser.newPage();
  const fresh = await registerViaApi(buyer.request);
  await signIn(buyer, fresh.phone, fresh.password);
  await buyer.goto(`/mall/goodsDetail?id=${goods!.id}`);
  await buyer.getByRole('radio').first().click().catch(() => undefined);
  const added = buyer.waitForResponse((r) => r.url().endsWith('/api/cart/add'));
  await buyer.getByTestId('add-to-cart').click();
  expect((await (await added).json()).code).toBe(0);
  await buyer.goto('/customer/cart');
  await checkoutOnly(buyer, [buyer.getByRole('row').filter({ hasText: goods!.name }).getByRole('checkbox')], 1);
  await addCheckoutAddress(buyer);
  await buyer.getByTestId('submit-checkout').click();
  const link = buyer.getByTestId('checkout-result').getByTestId('order-link');
  await expect(link).toHaveCount(1);
  const id = Number(/id=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1]);
  await page.goto(`/customer/order/detail?type=6&id=${id}`);
  const confirmButton = page.getByRole('button', { name: /确认订单/ });
  await confirmButton.click();
  expect(await confirmAndAnswer(page, popconfirm(page), '/api/order/confirm', confirmButton)).toMatchObject({ code: 0 });

  // The purchaser picks 微信支付: a QR, and in demo mode the sandbox's scan page in place of a phone.
  await buyer.goto(`/customer/order/detail?type=0&id=${id}`);
  await buyer.getByRole('button', { name: /去付款/ }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByText('微信支付').click();
  await expect(dialog.getByText('请使用微信扫一扫完成支付')).toBeVisible();
  await expect(dialog.locator('.ant-qrcode')).toBeVisible();
  const [scan] = await Promise.all([buyer.context().waitForEvent('page'), dialog.getByTestId('sandbox-pay-link').click()]);
  await expect(scan.getByRole('heading', { name: /微信支付/ })).toBeVisible();
  await scan.getByRole('button', { name: '确认付款' }).click();
  await expect(scan.locator('#result')).toHaveText('已支付成功');
  await scan.close();

  // The dialog polls until the signed, encrypted notification paid the order.
  await expect(dialog.getByText('支付成功')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(buyer.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(buyer.getByTestId('online-payments')).toContainText('已支付');

  // The supplier sees it paid, with the payment record.
  await page.reload();
  await expect(page.locator('.ant-card-head').first()).toContainText('待发货');
  await expect(page.getByTestId('online-payments')).toContainText('微信支付');
  await expect(page.getByText('微信支付').first()).toBeVisible();
});
