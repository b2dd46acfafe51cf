import { expect, test } from '@playwright/test';
import { ADMIN, PNG, apiLogin, registerSupplier, uiLogin } from './merchant-helpers.ts';

test('an enterprise applies from the site home, the console approves it, and its shop appears in the mall', async ({ page, browser, request }) => {
  const stamp = String(Date.now()).slice(-5);
  const shopName = `清流水处理旗舰店${stamp}`;
  const supplier = await registerSupplier(request, `清流环保科技${stamp}有限公司`);

  // A visitor follows the site home's merchant-entry link and is sent to log in with a return URL.
  await page.goto('/');
  await page.getByTestId('merchant-entry').click();
  await expect(page).toHaveURL(/\/merchant\/apply/);
  await page.getByRole('button', { name: '登录后申请' }).click();
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=%2Fmerchant%2Fapply/);
  await uiLogin(page, supplier.phone, supplier.password);
  await expect(page).toHaveURL(/\/merchant\/apply$/);

  // Step 1: the agreement must be read to the end before it can be accepted.
  const agree = page.getByRole('checkbox', { name: /我已阅读并同意/ });
  await expect(page.getByText('平台商家入驻协议').first()).toBeVisible();
  await expect(agree).toBeDisabled();
  await page.getByTestId('agreement-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await agree.check();
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 2: a manufacturer with a 三证合一 licence needs the licence and the production licence.
  await page.getByText('生产厂家').click();
  await expect(page.getByText('需要上传：营业执照、生产许可证')).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 3: company and contact details, validated.
  await page.getByLabel('店铺名称', { exact: true }).fill(shopName);
  await page.getByLabel('企业名称', { exact: true }).fill(`清流环保科技${stamp}有限公司`);
  await page.getByLabel('统一社会信用代码', { exact: true }).fill('91350100m000100y43');
  await page.getByLabel('法定代表人', { exact: true }).fill('林海');
  await page.getByLabel('联系人', { exact: true }).fill('陈静');
  await page.getByLabel('联系电话', { exact: true }).fill('1390591');
  await page.getByLabel('经营地址', { exact: true }).fill('福建省福州市鼓楼区五四路88号');
  await page.getByLabel('所在地区', { exact: true }).click();
  for (const name of ['福建省', '福州市', '鼓楼区']) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await page.getByLabel('联系电话', { exact: true }).fill('13905910001');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step 4: the documents of the shop type; submitting without them is refused.
  await page.getByTestId('submit-application').click();
  await expect(page.getByText('请上传营业执照')).toBeVisible();
  await page.getByTestId('doc-license').locator('input[type=file]').setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('doc-productionLicense').locator('input[type=file]').setInputFiles({ name: 'prod.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('doc-productionLicense').locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(1);
  await page.getByTestId('submit-application').click();
  await expect(page.getByText('入驻申请审核中')).toBeVisible();

  // The console: an administrator opens /admin, signs in, and approves with the documents in view.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/admin');
  await expect(adminPage).toHaveURL(/\/sso\/login\?returnUrl=/);
  await uiLogin(adminPage, ADMIN.account, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByText('待审核入驻申请')).toBeVisible();
  await adminPage.getByRole('menuitem', { name: '商家入驻审核' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/merchant/);
  const row = adminPage.getByRole('row', { name: new RegExp(shopName) });
  await row.getByRole('button', { name: '审核' }).click();
  await expect(adminPage.getByText('证件资料')).toBeVisible();
  await expect(adminPage.locator('.ant-drawer img[alt="证件"]')).toHaveCount(2);
  await adminPage.getByTestId('approve').click();
  await expect(adminPage.locator('.ant-drawer').getByText('已通过').first()).toBeVisible();

  // The applicant sees the approval; the shop is listed in the mall.
  await page.reload();
  await expect(page.getByText('入驻审核已通过')).toBeVisible();
  const shops = await request.post('/api/querycompanystore', { data: { name: shopName, pageIndex: 1, pageSize: 10 } });
  const body = (await shops.json()) as { data: { list: { shopName: string }[] } };
  expect(body.data.list.map((s) => s.shopName)).toContain(shopName);
  await page.goto(`/mall/shopList?name=${encodeURIComponent(shopName)}`);
  await expect(page.getByText(shopName).first()).toBeVisible();

  // The decision is in the audit log.
  const token = await apiLogin(request, ADMIN.account, ADMIN.password);
  const audit = await request.post('/admin/api/audit/list', { headers: { 'x-token': token }, data: { action: 'merchant.approve', pageIndex: 1, pageSize: 5 } });
  expect(((await audit.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);
});
