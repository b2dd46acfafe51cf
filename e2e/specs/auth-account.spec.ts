import { expect, test } from '@playwright/test';
import { outboxCode, passwordLogin, registerViaApi } from './auth-helpers.ts';
import { ageCodes } from './clock-helpers.ts';

test('personal info and the security page: e-mail, sessions, ending other sessions', async ({ page, request }) => {
  const { phone, password, token: otherToken } = await registerViaApi(request);
  await page.goto(`/sso/login?returnUrl=${encodeURIComponent('/customer/info')}`);
  await passwordLogin(page, phone, password);
  await expect(page).toHaveURL(/\/customer\/info$/);

  await page.getByPlaceholder('请输入真实姓名').fill('周采购');
  await page.getByPlaceholder('请输入昵称').fill('小周');
  await page.getByRole('radio', { name: '女' }).check();
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  // The e-mail is bound by the code sent to it.
  const email = `zhou${phone.slice(-4)}@example.com`;
  await page.getByRole('button', { name: '绑定邮箱' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('请输入邮箱').fill(email);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText(`验证码已发送至 ${email}`)).toBeVisible();
  await dialog.getByPlaceholder('请输入验证码').fill(await outboxCode(request, email));
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await expect(page.getByText('邮箱已绑定')).toBeVisible();

  await page.goto('/customer/safe');
  await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`)).toBeVisible();
  await expect(page.getByText(`zhou${phone.slice(-4)}@example.com`)).toBeVisible();
  await expect(page.getByText('当前设备')).toBeVisible();
  // The registration's session (another device) is listed; end it.
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await page.getByRole('button', { name: '退出其他设备' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  const res = await request.get('/api/appuser/loginuserinfo', { headers: { 'x-token': otherToken } });
  expect(((await res.json()) as { code: number }).code).toBe(1);
});

test('change password ends every session; recovery by SMS code sets a new one', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { phone, password } = await registerViaApi(request);
  await page.goto('/sso/updatePwd');
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=%2Fsso%2FupdatePwd/);
  await passwordLogin(page, phone, password);
  await expect(page).toHaveURL(/\/sso\/updatePwd$/);
  await page.getByPlaceholder('请输入原密码').fill(password);
  await page.getByPlaceholder('请输入新密码').fill('Second2026pw');
  await page.getByPlaceholder('请再次输入新密码').fill('Second2026pw');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page).toHaveURL(/\/sso\/login$/);
  await passwordLogin(page, phone, 'Second2026pw');
  await expect(page).toHaveURL(/\/mall/);

  // Recovery (signed out).
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.removeItem('token');
  });
  await page.goto('/sso/forgetPwd');
  await page.getByPlaceholder('请输入注册时的手机号').fill(phone);
  // The registration code went to this number moments ago (one code per number per 60 s): the test's clock
  // lets that minute pass instead of waiting for it (clock-helpers.ts).
  await ageCodes(page.request, phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(page.request, phone));
  await page.getByPlaceholder('请输入新密码').fill('Third2026pw');
  await page.getByPlaceholder('请再次输入新密码').fill('Third2026pw');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/sso\/login$/);
  await passwordLogin(page, phone, 'Third2026pw');
  await expect(page).toHaveURL(/\/mall/);
});

test('change phone: codes to the current and the new number (form-encoded call)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { phone, password } = await registerViaApi(request);
  const newPhone = `136${String(Date.now()).slice(-8)}`;
  await page.goto('/sso/modifyPhone');
  await passwordLogin(page, phone, password);
  await expect(page).toHaveURL(/\/sso\/modifyPhone$/);
  await expect(page.getByText(`当前手机号 ${phone.slice(0, 3)}****${phone.slice(7)} 的验证码`)).toBeVisible();

  const oldSend = page.locator('.sso-row button').nth(0);
  const newSend = page.locator('.sso-row button').nth(1);
  // The registration code went to this number moments ago (one code per number per 60 s): the test's clock
  // lets that minute pass instead of waiting for it (clock-helpers.ts).
  await ageCodes(page.request, phone);
  await oldSend.click();
  // Sent (the outbox already holds the registration code, so wait for this one).
  await expect(oldSend).toHaveText(/秒后重新获取/);
  await page.getByLabel('原手机号验证码').fill(await outboxCode(page.request, phone));
  await page.getByPlaceholder('请输入新手机号').fill(newPhone);
  await newSend.click();
  await expect(newSend).toHaveText(/秒后重新获取/);
  await page.getByLabel('新手机号验证码').fill(await outboxCode(page.request, newPhone));
  const call = page.waitForRequest('**/api/appuser/replacecellphone');
  await page.getByRole('button', { name: '确认更换' }).click();
  expect((await call).headers()['content-type']).toContain('application/x-www-form-urlencoded');
  await expect(page).toHaveURL(/\/customer\/safe$/);
  await expect(page.getByText(`${newPhone.slice(0, 3)}****${newPhone.slice(7)}`)).toBeVisible();
});
