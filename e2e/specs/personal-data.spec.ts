import { expect, test } from '@playwright/test';
import { outboxCode, passwordLogin, registerViaApi, signIn } from './auth-helpers.ts';
import { ageCodes } from './clock-helpers.ts';

test('personal data: a user downloads their data, asks to delete the account, the platform carries it out', async ({ page, request }, testInfo) => {
  test.setTimeout(210_000);
  const { phone, password } = await registerViaApi(request);
  const registrationCode = await outboxCode(request, phone);
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
  await page.goto(`/sso/login?returnUrl=${encodeURIComponent('/customer/safe')}`);
  await passwordLogin(page, phone, password);
  await expect(page).toHaveURL(/\/customer\/safe$/);

  // 下载我的数据: built at once (a small account) and downloaded as a ZIP by its owner.
  const card = page.locator('.ant-card').filter({ hasText: '个人信息' });
  await card.getByRole('button', { name: '下载我的数据' }).click();
  const link = card.getByText(/^下载（/);
  await expect(link).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(file.suggestedFilename()).toMatch(/\.zip$/);

  // 注销账号: the password is asked again (a wrong one is refused) …
  await card.getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('请输入登录密码').fill(`${password}x`);
  await dialog.getByRole('button', { name: '提交注销申请' }).click();
  await expect(page.getByText('密码错误')).toBeVisible();
  // … or, for accounts without a password, an SMS code to the account's phone (the demo shows it in the
  // sandbox outbox). The registration code went to the same number: its codes are moved back past the
  // 60-second resend interval (demo-only /api/dev/codes/age) instead of waiting it out.
  await dialog.getByText('短信验证码验证').click();
  await ageCodes(request, phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  let code = '';
  await expect.poll(async () => (code = await outboxCode(request, phone))).not.toBe(registrationCode);
  await dialog.getByLabel('注销短信验证码').fill(code);
  await page.screenshot({ path: testInfo.outputPath('personal-data-delete-sms.png') });
  await dialog.getByRole('button', { name: '提交注销申请' }).click();
  await expect(card.locator('.ant-table-row').filter({ hasText: '注销账号' })).toContainText('处理中');

  // The platform sees it against its deadline and carries it out.
  await signIn(page, 'admin');
  await page.goto('/admin/privacy-requests');
  const row = page.locator('.ant-table-row').filter({ hasText: masked }).filter({ hasText: '注销账号' });
  await expect(row).toContainText('剩余10天');
  await row.getByRole('button', { name: '执行注销' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByRole('tab', { name: '已完成' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: '已注销用户' }).first()).toBeVisible();

  // The person can no longer sign in.
  const res = await request.post('/api/appuser/login', { data: { account: phone, password } });
  expect(((await res.json()) as { code: number }).code).not.toBe(0);
});
