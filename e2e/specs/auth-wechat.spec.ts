import { expect, test, type Page } from '@playwright/test';
import { outboxCode } from './auth-helpers.ts';

async function sandboxScan(page: Page, openId: string) {
  const link = page.getByRole('link', { name: '模拟手机扫码' });
  await expect(link).toBeVisible();
  const phone = await page.context().newPage();
  await phone.goto((await link.getAttribute('href'))!);
  await phone.getByRole('textbox').fill(openId);
  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(phone.getByText('已扫码')).toBeVisible();
  await phone.close();
}

test('WeChat QR login: first scan binds the account by SMS code, the next scan signs straight in', async ({ page }) => {
  const openId = `e2e-wx-${Date.now()}`;
  await page.goto('/sso/login?returnUrl=%2Fcustomer%2Fhome');
  await page.getByRole('tab', { name: '微信扫码' }).click();
  await expect(page.getByAltText('微信登录二维码')).toBeVisible();
  await sandboxScan(page, openId);

  // Pushed over the WebSocket: an unknown WeChat identity must be bound.
  await expect(page.getByText('首次使用微信登录，请绑定已注册的手机号账号')).toBeVisible();
  await page.getByPlaceholder('请输入已注册的手机号').fill('18800000004');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入验证码').fill(await outboxCode(page.request, '18800000004'));
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page).toHaveURL(/\/customer\/home$/);

  await page.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/\/sso\/login/);
  await page.getByRole('tab', { name: '微信扫码' }).click();
  await sandboxScan(page, openId);
  // Known WeChat user: through /sso/wxCallback to the mall.
  await expect(page).toHaveURL(/\/mall/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
});
