import { expect, test } from '@playwright/test';
import { uiLogin } from './merchant-helpers.ts';

test('the console sends a visitor to login and shows a company user a 403 panel', async ({ page, request }) => {
  await page.goto('/admin/companies');
  await expect(page).toHaveURL(/\/sso\/login\?returnUrl=%2Fadmin%2Fcompanies/);
  await uiLogin(page, '18800000004', 'Demo@2026');
  await expect(page).toHaveURL(/\/admin\/companies/);
  await expect(page.getByText('平台管理后台仅对平台管理员开放')).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  const res = await request.post('/admin/api/company/list', { headers: { 'x-token': token ?? '' }, data: {} });
  expect(((await res.json()) as { code: number }).code).toBe(3);
});
