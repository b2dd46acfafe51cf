import { expect, test } from '@playwright/test';

test('unknown paths redirect to the site home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('B2B企业服务平台');
});

test('unknown api paths answer 404 with 接口地址不存在', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).message).toBe('接口地址不存在');
});
