import { expect, test } from '../fixtures/console.ts';
import type { APIRequestContext } from '@playwright/test';
import { formatMoney } from '@aquamall/shared';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';
import { popconfirm } from './trade-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const SUPPLIER = '江苏清源水处理科技有限公司';

async function tokenOf(request: APIRequestContext, account: string): Promise<string> {
  const res = await request.post('/api/appuser/login', { data: { account, password: DEMO_PASSWORD } });
  return ((await res.json()) as { data: { authToken: string } }).data.authToken;
}

type Invoiceable = { orderId: number; orderNo: string; sellerCompanyName: string; uninvoicedAmount: string };
async function invoiceable(request: APIRequestContext, token: string): Promise<Invoiceable[]> {
  const res = await request.get('/api/invoice/invoiceable', { headers: { 'x-token': token } });
  return ((await res.json()) as { data: Invoiceable[] }).data;
}

test('the purchaser requests a 专用 invoice, the supplier issues it with a PDF, the purchaser confirms; a reversal frees the amount', async ({
  page,
  browser,
  request,
}) => {
  // Two signed-in browsers and eight steps: more than the default minute on a loaded machine.
  test.setTimeout(240_000);
  const buyerToken = await tokenOf(request, '18800000004');
  // A completed demo order from the supplier with an uninvoiced amount (the invoices' demo leaves some on each).
  const before = (await invoiceable(request, buyerToken)).filter((o) => o.sellerCompanyName === SUPPLIER);
  expect(before.length, 'a completed demo order with something left to invoice').toBeGreaterThan(0);

  // The purchaser picks the supplier, the first order (all that is left), the default 专用 title, and submits.
  await signIn(page, '18800000004');
  await page.goto('/customer/invoice/index');
  await page.getByRole('button', { name: '申请开票' }).click();
  await expect(page).toHaveURL(/invoice\/editor$/);
  await page.getByTestId('invoice-seller').click();
  await page.locator(`.ant-select-item-option[title="${SUPPLIER}"]`).click();
  const row = page.locator('.ant-table-row').first();
  const orderNo = (await row.locator('td').nth(1).textContent())!.trim();
  const order = before.find((o) => o.orderNo === orderNo)!;
  expect(order).toBeDefined();
  await row.locator('input[type=checkbox]').check();
  await expect(page.getByText(`合计 ${formatMoney(order.uninvoicedAmount)}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: '增值税专用发票' })).toBeChecked();
  await page.locator('#remark').fill('请随下批货一起寄出');
  await page.getByRole('button', { name: '提交开票申请' }).click();
  await expect(page.getByText('开票申请已提交，等待供应商开票')).toBeVisible();
  await expect(page).toHaveURL(/invoice\/index\?type=0&id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const drawer = page.getByTestId('invoice-detail');
  await expect(drawer.getByText('待开票', { exact: true })).toBeVisible();
  expect((await invoiceable(request, buyerToken)).some((o) => o.orderId === order.orderId)).toBe(false);

  // The supplier opens it from 发票管理 (待开票 tab) and issues it: number, 13% split, a PDF.
  const seller = await browser.newPage();
  await signIn(seller, '18800000002');
  await seller.goto('/customer/invoice/index?type=1');
  await seller.getByRole('tab', { name: /待开票/ }).click();
  await seller
    .getByRole('row', { name: /请随下批货|待开票/ })
    .first()
    .waitFor();
  await seller.goto(`/customer/invoice/index?type=1&id=${id}`);
  await seller.getByRole('button', { name: '开具发票' }).click();
  const modal = seller.locator('.ant-modal:visible');
  await modal.locator('#invoiceNo').fill('26118888');
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: '增值税专用发票.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(
    modal.locator('.ant-upload-list-item-done').filter({ hasText: '增值税专用发票.pdf' }).first(),
  ).toBeVisible();
  const issued = seller.waitForResponse((r) => r.url().includes('/api/invoice/issue'));
  await modal.getByRole('button', { name: '确认开票' }).click();
  expect(await (await issued).json()).toMatchObject({ code: 0 });
  await expect(seller.getByText('发票已开具，等待采购商确认收票')).toBeVisible();
  await expect(seller.getByTestId('invoice-detail').getByText('已开票', { exact: true })).toBeVisible();

  // The purchaser sees the issued invoice with its file and confirms receipt.
  await page.reload();
  await expect(drawer.getByText('26118888', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: '增值税专用发票.pdf' })).toBeVisible();
  await drawer.getByRole('button', { name: '确认收票' }).click();
  await popconfirm(page).click();
  await expect(page.getByText('已确认收票', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('已收票', { exact: true })).toBeVisible();

  // The order shows 已开票 (or 部分开票 when earlier invoices cover part of it).
  await page.goto(`/customer/order/detail?type=0&id=${order.orderId}`);
  await expect(page.getByText(/^(已开票|部分开票)$/)).toBeVisible();

  // The supplier reverses it (红冲): the purchaser may invoice the amount again.
  await seller.reload();
  await seller.getByRole('button', { name: /^红\s*冲$/ }).click();
  const rev = seller.locator('.ant-modal:visible');
  await rev.locator('#invoiceNo').fill('26119999');
  await rev.locator('#reason').fill('开票日期有误');
  await rev.getByRole('button', { name: '确认红冲' }).click();
  await expect(seller.getByText('发票已红冲，相应订单金额可重新申请开票')).toBeVisible();
  await expect(seller.getByTestId('invoice-detail').getByText('已红冲', { exact: true })).toBeVisible();
  const freed = (await invoiceable(request, buyerToken)).find((o) => o.orderId === order.orderId);
  expect(freed?.uninvoicedAmount).toBe(order.uninvoicedAmount);
  await seller.close();
});

test('the purchaser manages saved 发票抬头 from 发票管理: the 专用 rules, edit, default, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '18800000004');
  await page.goto('/customer/invoice/index');
  await page.getByRole('button', { name: '发票抬头' }).click();
  await expect(page).toHaveURL(/invoice\/title$/);
  const rows = page.locator('.ant-table-row');
  const original = rows.filter({ has: page.getByText('默认', { exact: true }) });
  await expect(original).toHaveCount(1);
  const originalName = (await original.locator('td').first().innerText()).replace('默认', '').trim();

  // 专用 needs the registered details; a wrong check digit is refused by the server.
  await page.getByTestId('invoice-title-add').click();
  const dialog = page.getByRole('dialog', { name: '新增发票抬头' });
  await dialog.getByText('增值税专用发票').click();
  await dialog.getByPlaceholder('单位全称').fill('测试抬头分公司');
  await dialog.getByPlaceholder('18位统一社会信用代码').fill('91110115MA01JN8K4Q');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入注册地址')).toBeVisible();
  await dialog.locator('#regAddress').fill('北京市大兴区测试路1号');
  await dialog.locator('#regPhone').fill('010-60000000');
  await dialog.locator('#bankName').fill('中国银行北京分行');
  await dialog.locator('#bankAccount').fill('6222 0000 1111');
  await dialog.getByPlaceholder('18位统一社会信用代码').fill('91110115MA01JN8K4A');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('纳税人识别号不正确，请核对统一社会信用代码')).toBeVisible();
  await dialog.getByPlaceholder('18位统一社会信用代码').fill('91110115MA01JN8K4Q');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  const added = rows.filter({ hasText: '测试抬头分公司' });
  await expect(added).toContainText('专用发票');
  await expect(added).toContainText('62220000111');

  // Edit, make it the default, give the default back, delete it.
  await added.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑发票抬头' });
  await edit.getByPlaceholder('单位全称').fill('测试抬头分公司（改）');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  const edited = rows.filter({ hasText: '测试抬头分公司（改）' });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: '设为默认' }).click();
  await expect(edited.getByText('默认', { exact: true })).toBeVisible();
  await rows.filter({ hasText: originalName }).first().getByRole('button', { name: '设为默认' }).click();
  await expect(edited.getByText('默认', { exact: true })).toHaveCount(0);
  await edited.getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /删\s*除/ }).click();
  await expect(rows.filter({ hasText: '测试抬头分公司' })).toHaveCount(0);
});
