import { expect, test } from '@playwright/test';
import { signIn } from './auth-helpers.ts';

const WORKBENCH_PATHS = [
  'home',
  'store',
  'enquiry',
  'enquiry/edit',
  'enquiry/detail',
  'enquiry/offerList',
  'enquiry/offerDetail',
  'quotation',
  'quotation/detail',
  'authentication/edit',
  'authentication/detail',
  'authentication/member',
  'address',
  'order',
  'enorder',
  'allorder',
  'allenorder',
  'saleOrder',
  'offerOrder',
  'order/detail',
  'product',
  'product/inventory',
  'product/discussion',
  'product/detail',
  'inventory/adjustment',
  'inventory/adjustmentinfo',
  'role/list',
  'user/list',
  'cart',
  'info',
  'safe',
  'bank/auth',
  'rma/rmaList',
  'rma/rmaApply',
  'rma/rmaEditor',
  'report/procurement',
  'report/orderSale',
  'report/goodsSale',
  'report/goodsCategory',
  'report/procurementGoods',
  'report/saleAmount',
  'report/payAmount',
  'message/index',
  'invoice/index',
  'invoice/editor',
  'iframecontainer',
  'companyAccount/index',
  'companyAccount/myindex',
  'companyAccount/requestIndex',
  'companyAccount/rechargeIndex',
  'companyAccount/refundIndex',
  'companyAccount/editor',
  'companyAccount/customerRecharge',
  'bid/bidindex',
  'bid/bededite',
  'bid/bidingIndex',
  'bid/edite',
];

test('a supplier sees 我的供货订单 without the purchaser buttons, and one submenu open at a time', async ({
  page,
}) => {
  await signIn(page, '18800000003');
  await page.goto('/customer');
  await expect(page).toHaveURL(/\/customer\/home$/);
  await expect(page.getByTestId('workbench-label')).toHaveText('我的供货订单');
  await expect(page.getByTestId('company-name')).not.toBeEmpty();
  await expect(page.getByTestId('user-name')).not.toBeEmpty();
  await expect(page.getByTestId('publish-enquiry')).toHaveCount(0);
  await expect(page.getByTestId('cart-link')).toHaveCount(0);
  await expect(page.getByTestId('workbench-sider')).toHaveCSS('width', '216px');

  const menu = page.getByTestId('workbench-menu');
  await menu.getByText('商品管理', { exact: true }).click();
  await expect(menu.getByText('商品列表', { exact: true })).toBeVisible();
  await menu.getByText('库存管理', { exact: true }).click();
  await expect(menu.getByText('库存调整', { exact: true })).toBeVisible();
  await expect(menu.getByText('商品列表', { exact: true })).toBeHidden();
  await expect(page.locator('.ant-menu-submenu-open')).toHaveCount(1);

  await menu.getByText('库存调整', { exact: true }).click();
  await expect(page).toHaveURL(/\/customer\/inventory\/adjustment$/);
  await expect(page).toHaveTitle(/^库存调整/);
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('库存调整');
});

test('a purchaser sees 我的采购, the publish-enquiry button and the cart link', async ({ page }) => {
  await signIn(page, '18800000004');
  await page.goto('/customer/home');
  await expect(page.getByTestId('workbench-label')).toHaveText('我的采购');
  await page.getByTestId('publish-enquiry').click();
  await expect(page).toHaveURL(/\/customer\/enquiry\/edit$/);
  await expect(page).toHaveTitle(/^发布询价/);
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('我的询价');
  await page.getByTestId('cart-link').click();
  await expect(page).toHaveURL(/\/customer\/cart$/);

  // order/detail highlights the menu of its order type; the query title refines the page title.
  await page.goto('/customer/order/detail?type=4&title=' + encodeURIComponent('询价单 A'));
  await expect(page.locator('.ant-menu-item-selected')).toHaveText('询价订单');
  await expect(page).toHaveTitle(/^询价单 A - 订单详情/);

  // The supplier's quotation page and the receivables report are for suppliers only; the purchaser is told so
  // (never shown the page first, nor a membership gate).
  await page.goto('/customer/quotation/detail');
  await expect(page.getByTestId('access-blocked')).toContainText('该页面仅对供应商开放');
  await expect(page.getByTestId('member-gate')).toHaveCount(0);
  await expect(page.getByText('报价不存在')).toHaveCount(0);
  await page.goto('/customer/report/saleAmount');
  await expect(page.getByText('应收账款报表仅对供应商开放').first()).toBeVisible();
});

test('18800000002 (member level 1) is stopped at quotation detail with 请购买二级/三级会员', async ({
  page,
}) => {
  await signIn(page, '18800000002');
  await page.goto('/customer/quotation/detail');
  const gate = page.getByTestId('member-gate');
  await expect(gate).toContainText('请购买二级/三级会员');
  await expect(gate.getByRole('link')).toHaveAttribute('href', '/customer/authentication/member');
  await page.goto('/customer/order/detail?type=6');
  await expect(page.getByTestId('member-gate')).toHaveCount(0);
  await page.goto('/customer/order/detail?type=8');
  await expect(page.getByTestId('member-gate')).toContainText('请购买二级/三级会员');
});

test('every workbench route of the spec exists, titled, inside the layout', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '18800000003');
  for (const path of WORKBENCH_PATHS) {
    await page.goto(`/customer/${path}`);
    await expect(page, path).toHaveURL(new RegExp(`/customer/${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('workbench'), path).toBeVisible();
    await expect(page, path).not.toHaveTitle('B2B企业服务平台');
  }
});

test('the workbench needs a login and logout leaves it', async ({ page }) => {
  await page.goto('/customer/role/list');
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=%2Fcustomer%2Frole%2Flist/);
  await signIn(page, '18800000004');
  await page.goto('/customer/home');
  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/\/sso\/login/);
  await page.goto('/customer/home');
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=/);
});
