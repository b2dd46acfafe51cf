import { expect, test } from '../fixtures/console.ts';

const targetLabels = (page: import('@playwright/test').Page) => page.getByTestId('search-target').getByRole('option');

test.describe('mall search bar', () => {
  test('group 0 offers goods and stores, each with its query name and route', async ({ page }) => {
    await page.goto('/mall/home');
    const picker = page.getByTestId('search-target');
    await picker.getByRole('button').hover();
    await expect(targetLabels(page)).toHaveText(['商品', '店铺']);
    await page.getByRole('textbox', { name: '搜索关键词' }).fill('  碳源  ');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(`/mall/goodsList?productName=${encodeURIComponent('碳源')}`);

    await page.goto('/mall/home');
    await page.getByTestId('search-target').getByRole('button').click();
    await page.getByRole('option', { name: '店铺' }).click();
    await page.getByRole('textbox', { name: '搜索关键词' }).fill('环保');
    await page.getByRole('textbox', { name: '搜索关键词' }).press('Enter');
    await expect(page).toHaveURL(`/mall/shopList?name=${encodeURIComponent('环保')}`);
  });

  test('enquiry pages search purchasers (group 2) and news pages search news (group 3)', async ({ page }) => {
    await page.goto('/mall/enquiry');
    await expect(page.getByTestId('search-target').getByRole('button')).toHaveText('采购商');
    await expect(page.getByTestId('search-target').getByRole('button')).toBeDisabled();
    await page.getByRole('textbox', { name: '搜索关键词' }).fill('水务');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(`/mall/enquiry?companyName=${encodeURIComponent('水务')}`);

    await page.goto('/mall/notice');
    await expect(page.getByTestId('search-target').getByRole('button')).toHaveText('资讯');
    await page.getByRole('textbox', { name: '搜索关键词' }).fill('政策');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(`/mall/notice?title=${encodeURIComponent('政策')}`);
    // The keyword stays in the box on the results page.
    await expect(page.getByRole('textbox', { name: '搜索关键词' })).toHaveValue('政策');
  });

  test('the keyword is limited to 40 characters', async ({ page }) => {
    await page.goto('/mall/home');
    const box = page.getByRole('textbox', { name: '搜索关键词' });
    await box.fill('水'.repeat(45));
    await expect(box).toHaveValue('水'.repeat(40));
    await box.press('Enter');
    await expect(page).toHaveURL(`/mall/goodsList?productName=${encodeURIComponent('水'.repeat(40))}`);
  });

  test('five hot keywords link to the goods list; 进入平台 goes to registration', async ({ page }) => {
    await page.goto('/mall/home');
    const hot = page.getByLabel('热门搜索').getByRole('link');
    const words = ['碳源', '聚合氯化铝', '聚合硫酸铁', '除磷剂', '除氧剂'];
    await expect(hot).toHaveText(words);
    for (let i = 0; i < words.length; i++) await expect(hot.nth(i)).toHaveAttribute('href', `/mall/goodsList?productName=${encodeURIComponent(words[i]!)}`);
    await expect(page.getByRole('link', { name: '进入平台' })).toHaveAttribute('href', '/sso/register');
  });

  test('the bar becomes fixed once the page has scrolled 40px', async ({ page }) => {
    await page.goto('/mall/home');
    const band = page.getByTestId('search-band');
    await expect(band).toHaveAttribute('data-fixed', 'false');
    await page.evaluate(() => window.scrollTo(0, 30));
    await page.waitForTimeout(250);
    await expect(band).toHaveAttribute('data-fixed', 'false');
    await page.evaluate(() => window.scrollTo(0, 41));
    await expect(band).toHaveAttribute('data-fixed', 'true');
    await expect(band).toHaveCSS('position', 'fixed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(band).toHaveAttribute('data-fixed', 'false');
  });
});
