import { expect, test } from '@playwright/test';
import { outboxCode, passwordLogin } from './auth-helpers.ts';

test('password login of a demo account goes to the mall; the login page then redirects to the mall', async ({ page }) => {
  await page.goto('/sso/login');
  await passwordLogin(page, '18800000004');
  await expect(page).toHaveURL(/\/mall/);
  await page.goto('/sso/login');
  await expect(page).toHaveURL(/\/mall/);
});

test('returnUrl round trip and logout', async ({ page }) => {
  await page.goto('/customer/home');
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=%2Fcustomer%2Fhome/);
  await page.getByRole('checkbox', { name: /记住我/ }).check();
  await passwordLogin(page, '18800000003');
  await expect(page).toHaveURL(/\/customer\/home$/);
  // Remember-me keeps the token in local storage.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  const token = await page.evaluate(() => localStorage.getItem('token'));

  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/\/sso\/login/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The session ended on the server too.
  const res = await page.request.get('/api/appuser/loginuserinfo', { headers: { 'x-token': token! } });
  expect(((await res.json()) as { code: number }).code).toBe(1);
});

test('wrong passwords answer 账号或密码错误 and bring the captcha after 5 failures', async ({ page }) => {
  await page.goto('/sso/login');
  for (let i = 0; i < 5; i++) {
    // Each attempt waits for its own answer: an earlier attempt's message may still be on screen.
    const answered = page.waitForResponse((r) => /\/api\/appuser\/login(\?|$)/.test(r.url()) && r.request().method() === 'POST');
    await passwordLogin(page, '13911119999', 'Wrong2026x');
    expect(((await (await answered).json()) as { message: string }).message).toBe('账号或密码错误');
    await expect(page.getByText('账号或密码错误').last()).toBeVisible();
  }
  await expect(page.getByPlaceholder('请输入图形验证码')).toBeVisible();
});

test('login by SMS code', async ({ page }) => {
  await page.goto('/sso/login');
  await page.getByRole('tab', { name: '短信验证码' }).click();
  await page.getByPlaceholder('请输入手机号').fill('18800000003');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(page.request, '18800000003'));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/mall/);
});

test('login by e-mail code (sandbox e-mail outbox)', async ({ page, request }) => {
  // The demo supplier's bound address.
  const login = await request.post('/api/appuser/login', { data: { account: '18800000002', password: 'Demo@2026' } });
  const email = ((await login.json()) as { data: { userInfo: { email: string } } }).data.userInfo.email;
  expect(email).toContain('@');
  await page.goto('/sso/login');
  await page.getByRole('tab', { name: '邮箱验证码' }).click();
  await page.getByPlaceholder('请输入已绑定的邮箱').fill(email);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(request, email));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/mall/);
});
