import { expect, test } from '../fixtures/console.ts';
import { navMenu, siteData } from '../fixtures/site-data.ts';

test.describe('site home', () => {
  test('has the title, the home_top_menu navigation and the merchant-entry link', async ({ page, request }) => {
    const menu = await navMenu(request, 'home_top_menu');
    expect(menu.length).toBeGreaterThan(0);
    await page.goto('/');
    await expect(page).toHaveTitle('B2B企业服务平台');
    const nav = page.getByTestId('site-nav');
    await expect(nav.getByRole('link')).toHaveText(menu.map((m) => m.title));
    for (const item of menu) await expect(nav.getByRole('link', { name: item.title, exact: true })).toHaveAttribute('href', item.linkUrl);
    const entry = page.getByTestId('merchant-entry');
    await expect(entry).toHaveText('商家入驻');
    await expect(entry).toHaveAttribute('href', '/merchant/apply');
  });

  test('shows banners, figures and partners from the API', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('banner-carousel').locator('img').first()).toBeVisible();
    await expect(page.getByTestId('stats').locator('.am-stat')).not.toHaveCount(0);
    await expect(page.getByTestId('partners').locator('.am-partner')).not.toHaveCount(0);
  });

  test('footer shows the public-account QR code and the filing numbers', async ({ page, request }) => {
    const { settings } = await siteData(request);
    await page.goto('/');
    const qr = page.getByTestId('footer-qr').locator('img');
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.dataset.fallback)).toBe(true);
    await expect(page.getByTestId('footer-qr')).toContainText(settings.qrCodeTitle || '关注公众号');
    expect(settings.filingNumbers.length).toBeGreaterThan(0);
    for (const f of settings.filingNumbers) await expect(page.getByTestId('footer-filing').getByText(f.title)).toBeVisible();
  });

  test('services lead into the mall', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /进入商城/ }).first().click();
    await expect(page).toHaveURL(/\/mall\/home$/);
    await expect(page).toHaveTitle(/商城首页/);
  });
});
