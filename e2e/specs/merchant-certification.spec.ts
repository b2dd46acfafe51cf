import { expect, test } from '@playwright/test';
import { ADMIN, PNG, apiLogin, registerSupplier, uiLogin } from './merchant-helpers.ts';
import { outboxCode } from './auth-helpers.ts';

test('certification through the sandboxes: real-name check, console approval, signed PDF, bank small deposit', async ({ page, request }) => {
  const stamp = String(Date.now()).slice(-5);
  const companyName = `源清水务${stamp}有限公司`;
  const supplier = await registerSupplier(request, companyName);
  const adminToken = await apiLogin(request, ADMIN.account, ADMIN.password);
  const asAdmin = { 'x-token': adminToken };

  await page.goto('/sso/login?returnUrl=%2Fcustomer%2Fauthentication%2Fedit');
  await uiLogin(page, supplier.phone, supplier.password);
  await expect(page).toHaveURL(/authentication\/edit/);
  await page.getByLabel('企业名称', { exact: true }).fill(companyName);
  await page.getByLabel('统一社会信用代码', { exact: true }).fill('91440300MA5H0HLK5U');
  await page.getByLabel('法定代表人', { exact: true }).fill('郑源');
  await page.locator('.ant-form-item', { hasText: '营业执照' }).locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('经办人姓名', { exact: true }).fill('李明');
  await page.getByLabel('经办人身份证号', { exact: true }).fill('11010519491231002X');
  await page.getByLabel('经办人手机号', { exact: true }).fill('13800138000');
  await expect(page.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await page.getByRole('button', { name: '提交认证' }).click();
  await expect(page).toHaveURL(/authentication\/detail/);
  await expect(page.getByText('实名核验已通过，平台正在审核')).toBeVisible();

  // The console approves.
  const list = await request.post('/admin/api/certification/list', { headers: asAdmin, data: { status: 1, keyword: companyName, pageIndex: 1, pageSize: 5 } });
  const cert = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]!;
  const approved = await request.post('/admin/api/certification/approve', { headers: asAdmin, data: { id: cert.id } });
  expect(((await approved.json()) as { code: number }).code).toBe(0);

  // Signing shows the agreement, asks for an SMS code to the signer's phone (意愿认证), then yields a PDF.
  await page.reload();
  await page.getByRole('button', { name: '在线签署' }).click();
  const dialog = page.getByRole('dialog', { name: '签署平台服务协议' });
  await expect(dialog.getByTestId('agreement-text')).toContainText(companyName);
  await dialog.getByTestId('agreement-agree').check();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText(/验证码已发送至/)).toBeVisible();
  await dialog.getByTestId('agreement-code').fill(await outboxCode(request, supplier.phone));
  await dialog.getByRole('button', { name: '确认签署' }).click();
  await expect(page.getByText(/平台服务协议已于 .* 签署/)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载协议' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Bank account: the sandbox deposit is visible to the console; the company enters it.
  await page.goto('/customer/bank/auth');
  await expect(page.getByText('暂无对公账户')).toBeVisible();
  await page.getByRole('button', { name: '新增账户' }).click();
  await page.getByLabel('开户名称（须与企业名称一致）').fill(companyName);
  await page.getByLabel('开户银行', { exact: true }).fill('中国建设银行');
  await page.getByLabel('对公账号', { exact: true }).fill('4400 1234 5678 9012 345');
  await page.getByRole('button', { name: '保存账户' }).click();
  await page.getByRole('button', { name: '发起打款验证' }).click();
  await page.getByRole('button', { name: '回填金额' }).click();
  await expect(page.getByText(/还可尝试 3 次/)).toBeVisible();
  const companies = await request.post('/admin/api/company/list', { headers: asAdmin, data: { keyword: companyName, pageIndex: 1, pageSize: 5 } });
  const companyId = ((await companies.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  const detail = await request.get(`/admin/api/company/detail/${companyId}`, { headers: asAdmin });
  const amount = ((await detail.json()) as { data: { bankAccount: { depositYuan: string } } }).data.bankAccount.depositYuan;
  await page.getByPlaceholder('0.00').fill(amount);
  await page.getByRole('button', { name: /验\s*证/ }).click();
  // The first verified account is the default payee of new orders.
  await expect(page.getByRole('row', { name: /4400 \*\*\*\* \*\*\*\* 2345/ })).toContainText('默认收款');
  await expect(page.getByRole('row', { name: /4400/ })).toContainText('已验证');
});
