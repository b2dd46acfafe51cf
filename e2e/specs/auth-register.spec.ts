import { expect, test } from '@playwright/test';
import { captchaText, freshPhone, outboxCode, passwordLogin } from './auth-helpers.ts';

test('a new company registers with the sandbox SMS code, then signs in by password', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/sso/register');
  await expect(page.getByRole('heading', { name: '企业用户注册' })).toBeVisible();
  await page.getByPlaceholder('请输入营业执照上的企业名称').fill('碧水源测试环保有限公司');
  await page.getByPlaceholder('请输入联系人姓名（选填）').fill('赵工');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入图形验证码').fill(await captchaText(page));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(page.request, phone));
  await page.getByPlaceholder('请设置登录密码').fill('Clear2026water');
  await page.getByPlaceholder('请再次输入密码').fill('Clear2026water');

  // The agreement must be accepted: first try without it.
  await page.getByRole('button', { name: /^注\s*册$/ }).click();
  await expect(page.getByText('请阅读并同意《平台商家入驻协议》和《隐私政策》')).toBeVisible();
  await page.getByText('《隐私政策》', { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: /同\s*意/ }).click();

  await page.getByRole('button', { name: /^注\s*册$/ }).click();
  await expect(page).toHaveURL(/\/mall/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toBeTruthy();

  // Log out, then sign in with the new password.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/sso/login');
  await passwordLogin(page, phone, 'Clear2026water');
  await expect(page).toHaveURL(/\/mall/);
});

test('merchant registration preselects the supplier type; a taken number is told after a valid code', async ({ page }) => {
  await page.goto('/sso/register?type=merchant');
  await expect(page.getByRole('heading', { name: '商家入驻注册' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '供应商' })).toBeChecked();
  await page.getByPlaceholder('请输入营业执照上的企业名称').fill('重复号码测试公司');
  await page.getByPlaceholder('请输入手机号').fill('18800000002');
  await page.getByPlaceholder('请输入图形验证码').fill(await captchaText(page));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(page.request, '18800000002'));
  await page.getByPlaceholder('请设置登录密码').fill('Clear2026water');
  await page.getByPlaceholder('请再次输入密码').fill('Clear2026water');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '注册并申请入驻' }).click();
  await expect(page.getByText('该手机号已注册')).toBeVisible();
});
