import { expect, test } from '../fixtures/console.ts';
import { siteData } from '../fixtures/site-data.ts';

test.describe('mall home', () => {
  test('/mall opens the mall home', async ({ page }) => {
    await page.goto('/mall');
    await expect(page).toHaveURL(/\/mall\/home$/);
    await expect(page).toHaveTitle('商城首页 - B2B企业服务平台');
  });

  test('renders real data without console errors', async ({ page, request }) => {
    const data = await siteData(request);
    await page.goto('/mall/home');
    // Banners from the site data, loaded (not the fallback image).
    const banner = page.getByTestId('banner-carousel').first().locator('img').first();
    await expect(banner).toBeVisible();
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.dataset.fallback)).toBe(true);
    // Navigation from mallNav.
    for (const item of data.mallNav) await expect(page.getByRole('navigation', { name: '商城导航' }).getByRole('link', { name: item.title, exact: true })).toBeVisible();
    // Notices link to their articles.
    const notice = page.getByTestId('notice-panel').first().locator('li a').first();
    await expect(notice).toHaveAttribute('href', /^\/mall\/articledetail\?id=\d+$/);
    // Figures.
    await expect(page.getByTestId('stats').locator('.am-stat')).toHaveCount(data.statisticDatas.length);
    await expect(page.getByTestId('stats')).toContainText(data.statisticDatas[0]!.title);
    // Partners and footer tips.
    await expect(page.getByTestId('partners').locator('.am-partner').first()).toBeVisible();
    for (const tip of data.footerQuestions) await expect(page.locator('.am-footer-tip-title', { hasText: tip.title })).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
  });

  test('a notice opens its article', async ({ page }) => {
    await page.goto('/mall/home');
    const notice = page.getByTestId('notice-panel').first().locator('li a').first();
    const href = await notice.getAttribute('href');
    await notice.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`));
  });
});
