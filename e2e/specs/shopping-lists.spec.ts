import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, outboxCode, signIn } from './auth-helpers.ts';

interface Goods {
  id: number;
  name: string;
  companyId: number;
  minOrder: number;
  skus: { sysNo: number; code: string; available: number }[];
}

async function tokenOf(request: APIRequestContext, account: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

/**
 * 常购清单 (docs/product/shopping-lists.md, decision 0214): the demo purchaser's administrator adds a product from
 * its goods page and the lines of an order to a new list, shares it; a 采购员 colleague finds the shared list,
 * cannot change it, buys part of it, and the cart holds what was bought.
 */
test('a buyer builds a list from a goods page and an order, shares it; a colleague buys part of it into the cart', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const suffix = String(Date.now()).slice(-5);
  const listName = `每月药剂${suffix}`;
  const adminToken = await tokenOf(request, '18800000004');
  const headers = { 'x-token': adminToken };

  // A demo product with stock, bought from its goods page.
  const products = (await (await request.post('/api/product/query', { data: { pageSize: 60 } })).json()).data.list as { id: number }[];
  let goods: Goods | null = null;
  for (const item of products) {
    const detail = (await (await request.get(`/api/product/${item.id}`)).json()).data as Goods;
    if (detail.skus[0] && detail.skus[0].available >= 4 * Math.max(1, detail.minOrder)) {
      goods = detail;
      break;
    }
  }
  expect(goods, 'a demo product with stock').not.toBeNull();
  const g = goods!;

  // A demo order of the purchaser whose lines have SKUs.
  const orders = (await (await request.post('/api/order/list', { headers, data: { type: 0, all: 1, pageIndex: 1, pageSize: 20 } })).json())
    .data.list as { id: number }[];
  let orderId: number | null = null;
  let orderLine = '';
  for (const o of orders) {
    const d = (await (await request.get(`/api/order/detail?type=0&id=${o.id}`, { headers })).json()).data as {
      lines: { skuId: number | null; productName: string }[];
    };
    const line = d?.lines?.find((l) => l.skuId);
    if (line && line.productName !== g.name) {
      orderId = o.id;
      orderLine = line.productName;
      break;
    }
  }
  expect(orderId, 'a demo order with SKU lines').not.toBeNull();

  // From the goods page: a new private list.
  await signIn(page, '18800000004');
  await page.goto(`/mall/goodsDetail?id=${g.id}`);
  await page.getByTestId('add-to-list').click();
  let dialog = page.getByRole('dialog', { name: '加入常购清单' });
  await dialog.getByText('新建清单').click();
  await dialog.getByRole('button', { name: '加入清单' }).click();
  await expect(dialog.getByText('请输入清单名称')).toBeVisible();
  await dialog.getByTestId('list-new-name').fill(listName);
  await dialog.getByRole('button', { name: '加入清单' }).click();
  await expect(dialog.getByText(`已加入常购清单“${listName}”`)).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  // From an order: its lines into the same list.
  await page.goto(`/customer/order/detail?type=0&id=${orderId}`);
  await page.getByTestId('order-add-to-list').click();
  dialog = page.getByRole('dialog', { name: '加入常购清单' });
  await dialog.locator('.ant-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: listName }).click();
  await dialog.getByRole('button', { name: '加入清单' }).click();
  await expect(dialog.getByText(`已加入常购清单“${listName}”`)).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  // The lists page: share it.
  await page.goto('/customer/shopping-list');
  const row = page.getByRole('row').filter({ hasText: listName });
  await expect(row).toHaveCount(1);
  await row.getByTestId('list-share').click();
  await expect(row.getByText('共享')).toBeVisible();
  await page.screenshot({ path: '/tmp/lists-index-1366.png' });

  // A 采购员 colleague joins the company (invited by the administrator).
  const roles = (await (await request.post('/api/role/list', { headers, data: { pageIndex: 1, pageSize: 50 } })).json()).data.list as {
    sysNo: number;
    name: string;
  }[];
  const buyerRole = roles.find((r) => r.name === '采购员');
  expect(buyerRole, 'the 采购员 preset').toBeDefined();
  const phone = `136${String(Date.now()).slice(-8)}`;
  const invited = await request.post('/api/user/invite', { headers, data: { phone, realName: '钱采购', roleIds: [buyerRole!.sysNo] } });
  expect(((await invited.json()) as { code: number; message: string }).code).toBe(0);
  const password = 'Buyer2026x';
  const accepted = await request.post('/api/appuser/acceptinvite', {
    data: { phone, code: await outboxCode(request, phone), password, confirmPassword: password },
  });
  expect(((await accepted.json()) as { code: number; message: string }).message).not.toMatch(/错误|失败/);

  const colleague = await browser.newPage();
  await signIn(colleague, phone, password);
  await colleague.goto('/customer/shopping-list');
  const shared = colleague.getByRole('row').filter({ hasText: listName });
  await expect(shared).toContainText('共享');
  await expect(shared.getByRole('button', { name: '删除' })).toHaveCount(0);
  await shared.getByTestId('list-link').click();
  await expect(colleague.getByText('这是同事共享的清单')).toBeVisible();
  await expect(colleague.getByRole('row').filter({ hasText: g.name })).toHaveCount(1);
  await expect(colleague.getByRole('row').filter({ hasText: orderLine }).first()).toBeVisible();
  await colleague.screenshot({ path: '/tmp/lists-detail-1366.png', fullPage: true });

  // Part of it: only the goods-page product.
  await colleague.getByRole('row').filter({ hasText: g.name }).getByRole('checkbox').check();
  await colleague.getByTestId('list-buy-selected').click();
  const result = colleague.getByRole('dialog', { name: '加入购物车' });
  await expect(result.getByText('已将 1 种商品按今日价格加入购物车')).toBeVisible();
  await expect(result.getByRole('row').filter({ hasText: g.name })).toContainText('可购买');
  await colleague.screenshot({ path: '/tmp/lists-bought-1366.png' });
  await result.getByTestId('list-go-cart').click();
  await expect(colleague).toHaveURL(/\/customer\/cart/);
  await expect(colleague.getByRole('row').filter({ hasText: g.name })).toHaveCount(1);
  await expect(colleague.getByRole('row').filter({ hasText: orderLine })).toHaveCount(0);
  await colleague.close();
});
