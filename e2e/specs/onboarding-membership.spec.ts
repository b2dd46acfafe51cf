import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PNG, apiLogin, registerSupplier, uiLogin } from './merchant-helpers.ts';

/** Picks 福建省 / 福州市 / 鼓楼区 in an area cascader. */
async function pickArea(page: Page) {
  await page.getByLabel('所在地区', { exact: true }).click();
  for (const name of ['福建省', '福州市', '鼓楼区']) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
}

test('a new supplier onboards (reload mid-wizard resumes), is approved, buys a level by transfer, the console confirms, rights change', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-5);
  const companyName = `汇清环保科技${stamp}有限公司`;
  const shopName = `汇清水处理${stamp}`;
  const supplier = await registerSupplier(request, companyName);

  // The merchant registration offers no purchaser company type.
  await page.goto('/sso/register?type=merchant');
  await expect(page.getByRole('radio', { name: '供应商' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '采购商' })).toHaveCount(0);

  await page.goto('/sso/login?returnUrl=%2Fmerchant%2Fapply');
  await uiLogin(page, supplier.phone, supplier.password);
  await expect(page).toHaveURL(/\/merchant\/apply$/);
  await page.getByTestId('agreement-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByText('服务商').click();
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 3: the credit code is checked as it is typed (a wrong check character is named at once).
  await page.getByLabel('店铺名称', { exact: true }).fill(shopName);
  await page.getByLabel('企业名称', { exact: true }).fill(companyName);
  await page.getByLabel('统一社会信用代码', { exact: true }).fill('91350100m000100y44');
  await expect(page.getByText('统一社会信用代码不正确，请核对后重新输入')).toBeVisible();
  await page.getByLabel('统一社会信用代码', { exact: true }).fill('91350100M000100Y43');
  await expect(page.getByText('统一社会信用代码不正确，请核对后重新输入')).toHaveCount(0);
  await page.getByLabel('法定代表人', { exact: true }).fill('林海');
  await page.getByLabel('联系人', { exact: true }).fill('陈静');
  await page.getByLabel('联系电话', { exact: true }).fill('13905910001');
  await pickArea(page);
  await page.getByLabel('经营地址', { exact: true }).fill('福建省福州市鼓楼区五四路88号');
  await page.getByLabel('主营业务', { exact: true }).fill('污水处理运维服务');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByTestId('doc-license')).toBeVisible();

  // Reload mid-wizard: it resumes on the documents step with what was typed.
  await page.reload();
  await expect(page.getByTestId('doc-license')).toBeVisible();
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(page.getByLabel('店铺名称', { exact: true })).toHaveValue(shopName);
  await expect(page.getByLabel('统一社会信用代码', { exact: true })).toHaveValue('91350100M000100Y43');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByTestId('doc-license').locator('input[type=file]').setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await page.getByTestId('submit-application').click();
  await expect(page.getByText('入驻申请审核中')).toBeVisible();

  // The console approves (API; the console review screens have their own spec).
  const adminToken = await apiLogin(request, ADMIN.account, ADMIN.password);
  const asAdmin = { 'x-token': adminToken };
  const apps = await request.post('/admin/api/merchant/list', { headers: asAdmin, data: { status: 1, keyword: shopName, pageIndex: 1, pageSize: 5 } });
  const appId = ((await apps.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  expect(((await (await request.post('/admin/api/merchant/approve', { headers: asAdmin, data: { id: appId } })).json()) as { code: number }).code).toBe(0);

  // Region, main business and contact carried over to the shop settings; the licence is reused for certification.
  await page.goto('/customer/store');
  await expect(page.getByText('福建省 / 福州市 / 鼓楼区')).toBeVisible();
  await expect(page.getByLabel('主营业务', { exact: true })).toHaveValue('污水处理运维服务');
  await page.goto('/customer/authentication/edit');
  await expect(page.getByTestId('entry-licence')).toBeVisible();

  // 会员服务: levels side by side, transfer only.
  await page.goto('/customer/authentication/member');
  await expect(page.getByTestId('member-level')).toHaveText('普通会员');
  await expect(page.getByText('目前仅支持对公转账')).toBeVisible();
  const compare = page.getByTestId('member-compare');
  await expect(compare.getByText('¥3,980.00')).toBeVisible();
  await expect(compare.getByText('销售订单详情')).toBeVisible();
  await page.screenshot({ path: 'test-results/member-page-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('member-compare')).toBeVisible();
  await page.screenshot({ path: 'test-results/member-page-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();

  await page.getByTestId('buy-level-2').click();
  await page.getByRole('button', { name: '生成订单' }).click();
  const order = page.getByTestId('member-open-order');
  await expect(order).toBeVisible();
  await expect(page.getByTestId('platform-bank')).toContainText('水务商城平台运营有限公司');
  const note = (await page.getByTestId('transfer-note').innerText()).trim();
  const orderNo = /HY\d{16}/.exec(note)?.[0];
  expect(orderNo).toBeTruthy();
  await page.getByTestId('member-proof').locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await page.getByTestId('submit-proof').click();
  await expect(page.getByText('转账凭证已提交，平台确认收款后会员等级立即生效')).toBeVisible();

  // The console (two-factor sign-in with the demo secret) confirms the transfer.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/sso/login?returnUrl=%2Fadmin%2Fmember-upgrades');
  await uiLogin(adminPage, ADMIN.account, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin\/member-upgrades/);
  await adminPage.getByTestId(`confirm-${orderNo}`).click();
  await adminPage.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(adminPage.getByTestId(`confirm-${orderNo}`)).toHaveCount(0);

  // The supplier's level and expiry changed, and with them its rights.
  await page.reload();
  await expect(page.getByTestId('member-level')).toHaveText('二级会员');
  await expect(page.getByTestId('member-expiry')).toHaveText(/\d{4}-\d{2}-\d{2}/);
  const info = await request.get('/api/member/info', { headers: { 'x-token': await apiLogin(request, supplier.phone, supplier.password) } });
  const data = ((await info.json()) as { data: { memberLevel: number; levels: { rights: string[] }[] } }).data;
  expect(data.memberLevel).toBe(2);
  expect(data.levels[2]!.rights).toEqual(expect.arrayContaining(['销售订单详情', '报价单及报价订单详情']));
});
