import { expect, test } from '../fixtures/console.ts';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';

const BUYER = '18800000004';
const SUPPLIER = '18800000003';
const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * 询价 from a goods page (decision 0185): a visitor is sent to sign in and back to the editor; the purchaser's
 * editor is filled from the product and invites its supplier; the supplier finds the invitation and quotes;
 * 修改报价 without a change is told so and adds no version, a change makes version 2 that says what changed.
 */
test('a purchaser enquires from a goods page, the invited supplier quotes, an unchanged revision adds nothing and a real one shows what changed', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A product on sale of the demo supplier's shop.
  const login = await page.request.post('/api/appuser/login', { data: { account: SUPPLIER, password: DEMO_PASSWORD } });
  const supplier = ((await login.json()) as { data: { userInfo: { extension: { CompanyId: number; CompanyName: string } } } }).data.userInfo.extension;
  const goods = await page.request.post('/api/product/query', { data: { companyId: supplier.CompanyId, pageIndex: 1, pageSize: 5 } });
  const g = ((await goods.json()) as { data: { list: { id: number; name: string; unit: string; minOrder: number }[] } }).data.list[0]!;
  expect(g, 'a product of the demo supplier').toBeDefined();

  // A visitor is sent to sign in, to come back to the editor of this product.
  await page.goto(`/mall/goodsDetail?id=${g.id}`);
  await page.getByTestId('enquire').click();
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnUrl')!)).toMatch(new RegExp(`^/customer/enquiry/edit\\?productId=${g.id}(&skuId=\\d+)?$`));

  // The purchaser: 询价 opens the editor filled from the product, its supplier invited, the user as contact.
  await signIn(page, BUYER);
  await page.goto(`/mall/goodsDetail?id=${g.id}`);
  await page.getByTestId('enquire').click();
  await expect(page).toHaveURL(new RegExp(`/customer/enquiry/edit\\?productId=${g.id}`));
  await expect(page.getByLabel('第1行产品名称')).toHaveValue(g.name);
  await expect(page.getByLabel('第1行单位')).toHaveValue(g.unit);
  await expect(page.getByLabel('第1行数量')).toHaveValue(String(Math.max(1, g.minOrder)));
  await expect(page.getByLabel('邀请询价（仅受邀供应商可报价）')).toBeChecked();
  await expect(page.locator('.ant-select-selection-item', { hasText: supplier.CompanyName })).toBeVisible();
  await expect(page.getByLabel('联系人')).not.toHaveValue('');
  await expect(page.getByLabel('联系电话')).not.toHaveValue('');
  if (SHOTS) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${SHOTS}/enquiry-from-goods-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/enquiry-from-goods-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  const title = `E2E商品询价 ${String(Date.now()).slice(-6)}`;
  await page.getByLabel('询价标题').fill(title);
  await page.getByLabel('交货地区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).first().click();
  await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
  await page.locator('.ant-cascader-menu').nth(2).locator('.ant-cascader-menu-item').first().click();
  await page.getByLabel('详细地址').fill('再生水厂路1号');
  await page.getByRole('button', { name: '发布询价' }).last().click();
  await expect(page).toHaveURL(/\/customer\/enquiry\/detail\?id=\d+$/);
  await expect(page.getByText('询价已发布')).toBeVisible();
  const enquiryId = Number(new URL(page.url()).searchParams.get('id'));

  // The supplier finds the invitation in its messages and quotes from it.
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const sup = await ctx.newPage();
  await signIn(sup, SUPPLIER);
  await sup.goto('/customer/message/index');
  await sup.getByText(`询价邀请：${title}`).first().click();
  await sup.goto(`/customer/quotation/detail?enquiryId=${enquiryId}`);
  await expect(sup.getByText(title).first()).toBeVisible();
  await sup.getByLabel('第1项含税单价').fill('1200');
  await sup.getByLabel('交货期（天）').fill('7');
  await sup.getByRole('button', { name: '提交报价' }).click();
  await expect(sup.getByText('报价已提交')).toBeVisible();
  await expect(sup.getByText('报价记录（共1版）')).toBeVisible();

  // 修改报价 with nothing changed: told so, still one version.
  await sup.getByRole('button', { name: '修改报价' }).click();
  await sup.getByRole('button', { name: '提交修改' }).click();
  await expect(sup.getByText('报价内容没有变化，未生成新版本')).toBeVisible();
  await expect(sup.getByText('报价记录（共1版）')).toBeVisible();

  // A real change: version 2 says what changed, old → new.
  await sup.getByRole('button', { name: '修改报价' }).click();
  await sup.getByLabel('第1项含税单价').fill('1150');
  await sup.getByRole('button', { name: '提交修改' }).click();
  await expect(sup.getByText('报价已更新（第2版）')).toBeVisible();
  await expect(sup.getByText('报价记录（共2版）')).toBeVisible();
  const changes = sup.getByTestId('version-changes').first();
  await expect(changes).toContainText(`第1行「${g.name}」单价（元）：1200.00 → 1150.00`);
  await ctx.close();
});
