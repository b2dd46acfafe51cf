import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, registerSupplier, uiLogin, uploadPng } from './merchant-helpers.ts';

test('a rejection with a reason reaches the applicant, who edits and resubmits', async ({ page, browser, request }) => {
  const stamp = String(Date.now()).slice(-5);
  const shopName = `碧源药剂专营店${stamp}`;
  const supplier = await registerSupplier(request, `碧源化工${stamp}有限公司`);
  const token = await apiLogin(request, supplier.phone, supplier.password);

  // The application arrives through the API (the form itself is covered by merchant-apply).
  const license = await uploadPng(request, token);
  const brand = await uploadPng(request, token);
  const submitted = await request.post('/api/merchant/application/submit', {
    headers: { 'x-token': token },
    data: {
      shopType: 2,
      shopName,
      companyName: `碧源化工${stamp}有限公司`,
      creditCode: '91440300708461136T',
      legalPerson: '周全',
      contactName: '吴敏',
      contactPhone: '13800138000',
      area: [440000, 440300, 440305],
      address: '广东省深圳市南山区科技园1号',
      threeInOne: true,
      documents: { license: [license], brandAuthorization: [brand] },
      agreement: { version: '2026.1', agreed: true },
    },
  });
  expect(((await submitted.json()) as { code: number }).code).toBe(0);

  // The console rejects with a reason.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/sso/login?returnUrl=%2Fadmin%2Fmerchant');
  await uiLogin(adminPage, ADMIN.account, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/admin\/merchant/);
  await adminPage.getByRole('row', { name: new RegExp(shopName) }).getByRole('button', { name: '审核' }).click();
  await adminPage.locator('.ant-drawer').getByRole('button', { name: '驳 回' }).click();
  await adminPage.getByTestId('reject-reason-input').fill('品牌授权书已过期，请上传有效期内的授权书');
  await adminPage.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adminPage.locator('.ant-drawer').getByText('品牌授权书已过期').first()).toBeVisible();

  // The applicant sees the reason and the inbox message, edits and resubmits.
  await page.goto('/sso/login?returnUrl=%2Fmerchant%2Fapply');
  await uiLogin(page, supplier.phone, supplier.password);
  await expect(page.getByTestId('reject-reason')).toContainText('品牌授权书已过期');
  const inbox = await request.get('/api/message/list', { headers: { 'x-token': token } });
  expect(JSON.stringify(await inbox.json())).toContain('品牌授权书已过期');

  await page.getByRole('button', { name: '修改并重新提交' }).click();
  await expect(page.getByText('上次审核驳回原因')).toBeVisible();
  await page.getByTestId('agreement-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.getByTestId('agree-checkbox').click();
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByLabel('店铺名称', { exact: true })).toHaveValue(shopName);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByTestId('submit-application').click();
  await expect(page.getByText('入驻申请审核中')).toBeVisible();

  // The history keeps every step; a second decision on the old state is impossible.
  const adminToken = await apiLogin(request, ADMIN.account, ADMIN.password);
  const list = await request.post('/admin/api/merchant/list', { headers: { 'x-token': adminToken }, data: { keyword: shopName, pageIndex: 1, pageSize: 5 } });
  const app = ((await list.json()) as { data: { list: { id: number; status: number }[] } }).data.list[0]!;
  expect(app.status).toBe(1);
  const detail = await request.get(`/admin/api/merchant/detail/${app.id}`, { headers: { 'x-token': adminToken } });
  const history = ((await detail.json()) as { data: { history: { action: string }[] } }).data.history.map((h) => h.action);
  expect(history).toEqual(['submit', 'reject', 'submit']);
});
