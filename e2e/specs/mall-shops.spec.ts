import { expect, test } from '../fixtures/console.ts';

test.describe('mall shops and purchasers', () => {
  test('shopList searches by name and leads to the shop home', async ({ page, request }) => {
    const shops = (await (await request.post('/api/querycompanystore', { data: { pageSize: 50 } })).json()).data;
    const shop = shops.list[0] as { id: number; shopName: string };
    await page.goto('/mall/shopList');
    await expect(page.getByTestId('shop-row')).toHaveCount(Math.min(10, shops.total as number));
    const word = shop.shopName.slice(0, 2);
    await page.getByPlaceholder('搜索店铺或公司名称').fill(word);
    await page.getByPlaceholder('搜索店铺或公司名称').press('Enter');
    await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(word)}`));
    await expect(page.getByTestId('shop-row').first().locator('mark.am-hl').first()).toHaveText(word);
    await page.getByTestId('shop-row').first().getByRole('link', { name: '进入店铺' }).click();
    await expect(page).toHaveURL(/\/mall\/shopHome\?id=\d+/);
  });

  test('shopHome shows floors, categories, search in the shop and the company facts', async ({ page, request }) => {
    const shops = (await (await request.post('/api/querycompanystore', { data: { pageSize: 1 } })).json()).data;
    const shop = shops.list[0] as { id: number; shopName: string };
    const cats = (await (await request.get(`/api/companystore/categories/${shop.id}`)).json()).data as { name: string; count: number }[];
    await page.goto(`/mall/shopHome?id=${shop.id}`);
    await expect(page.getByRole('heading', { level: 1, name: shop.shopName })).toBeVisible();
    await expect(page).toHaveTitle(`${shop.shopName} - B2B企业服务平台`);
    await expect(page.getByTestId('shop-floor').first().getByTestId('goods-card').first()).toBeVisible();

    await page.getByRole('button', { name: new RegExp(`^${cats[0]!.name}`) }).click();
    await expect(page.getByTestId('result-count')).toContainText(`共 ${cats[0]!.count} 件商品`);

    const firstName = (await page.getByTestId('goods-card').first().locator('.am-goods-name').innerText()).slice(0, 2);
    await page.getByPlaceholder('在本店内搜索').fill(firstName);
    await page.getByPlaceholder('在本店内搜索').press('Enter');
    await expect(page).toHaveURL(/kw=/);
    await expect(page.getByTestId('goods-grid').locator('mark.am-hl').first()).toBeVisible();

    await page.getByRole('tab', { name: '公司介绍' }).click();
    await expect(page.getByTestId('company-info')).toContainText('统一社会信用代码');
    await expect(page.getByText(/(?<!\d)1[3-9]\d{9}(?!\d)/)).toHaveCount(0);
  });

  test('pushershopList lists purchasers without contact details and links to their enquiries', async ({ page }) => {
    await page.goto('/mall/pushershopList');
    const row = page.getByTestId('purchaser-row').first();
    await expect(row).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/(?<!\d)1[3-9]\d{9}(?!\d)/);
    await row.getByRole('link', { name: '查看询价' }).click();
    await expect(page).toHaveURL(/\/mall\/enquiry\?companyName=/);
  });
});
