import { expect, test } from '../fixtures/console.ts';

/** Goods list, 消费扶贫 and goods detail on the demo data. */
test.describe('mall goods', () => {
  test('a 2-character keyword finds goods, highlights it, and every filter lives in the URL', async ({ page }) => {
    await page.goto('/mall/goodsList?productName=碳源');
    const grid = page.getByTestId('goods-grid');
    await expect(grid.getByTestId('goods-card').first()).toBeVisible();
    await expect(grid.locator('mark.am-hl', { hasText: '碳源' }).first()).toBeVisible();
    await expect(page.getByTestId('result-count')).toContainText(/共 \d+ 件商品/);
    await expect(page.getByTestId('active-filters')).toContainText('关键词：碳源');

    // sort by price: the URL says so and prices ascend
    await page.getByRole('button', { name: '价格' }).click();
    await expect(page).toHaveURL(/sort=priceAsc/);
    await expect
      .poll(async () => {
        const texts = await grid.locator('.am-goods-price .am-price').allInnerTexts();
        const prices = texts.map((t) => Number(t.replace(/[^\d.]/g, '')));
        return prices.length > 1 && prices.every((p, i) => i === 0 || p >= prices[i - 1]!);
      })
      .toBe(true);

    // a price filter becomes a removable tag
    await page.getByLabel('最低价').fill('1000');
    await page.getByLabel('最高价').fill('5000');
    await page.getByRole('button', { name: '确 定' }).click();
    await expect(page).toHaveURL(/priceMin=1000/);
    const tags = page.getByTestId('active-filters');
    await expect(tags).toContainText('价格：¥1,000.00 - 5,000.00');
    await tags.locator('.ant-tag', { hasText: '价格' }).locator('.ant-tag-close-icon').click();
    await expect(page).not.toHaveURL(/priceMin/);

    // back and forward restore the list state
    await page.goBack();
    await expect(page).toHaveURL(/priceMin=1000/);
    await expect(tags).toContainText('价格');
    await page.goForward();
    await expect(page).not.toHaveURL(/priceMin/);
  });

  test('a category link from the catalogue filters the whole subtree; a shared link shows the same list', async ({ page, request }) => {
    const res = await request.post('/api/product/query', { data: { categoryCode: '01', pageSize: 1 } });
    const total = (await res.json()).data.total as number;
    await page.goto('/mall/goodsList?categoryCode=01&categoryName=水处理药剂&title=水处理药剂');
    await expect(page).toHaveTitle(/水处理药剂/);
    await expect(page.getByTestId('result-count')).toContainText(`共 ${total} 件商品`);
    await expect(page.getByTestId('active-filters')).toContainText('分类：水处理药剂');
    // subcategory chips narrow the list
    await page.getByTestId('goods-filters').locator('.am-filter-chip').first().click();
    await expect(page).toHaveURL(/categoryCode=01\d\d/);
  });

  test('an abbreviation finds the product names and says which synonyms it searched', async ({ page }) => {
    await page.goto('/mall/goodsList?productName=PAC');
    await expect(page.getByTestId('synonyms')).toContainText('聚合氯化铝');
    await expect(page.getByTestId('goods-grid').locator('mark.am-hl', { hasText: '聚合氯化铝' }).first()).toBeVisible();
  });

  test('an unknown keyword shows the empty state', async ({ page }) => {
    await page.goto('/mall/goodsList?productName=不存在的商品名称xyz');
    await expect(page.getByText('没有找到与“不存在的商品名称xyz”相关的商品')).toBeVisible();
  });

  test('消费扶贫 shows only poverty-relief goods', async ({ page }) => {
    await page.goto('/mall/goodsSearch');
    await expect(page.getByRole('heading', { name: '消费扶贫专区' })).toBeVisible();
    const cards = page.getByTestId('goods-card');
    await expect(cards.first()).toBeVisible();
    const n = await cards.count();
    await expect(page.locator('.am-goods-flag')).toHaveCount(n);
  });

  test('goods detail: gallery preview, tiers, shop card, and purchase buttons lead a visitor to login', async ({ page, request }) => {
    const list = (await (await request.post('/api/product/query', { data: { productName: '聚合氯化铝', pageSize: 5 } })).json()).data;
    const item = list.list[0] as { id: number; name: string; shopName: string; companyId: number };
    await page.goto(`/mall/goodsDetail?id=${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(page).toHaveTitle(`${item.name} - B2B企业服务平台`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(item.name.slice(0, 4)));
    const card = page.getByTestId('shop-card');
    await expect(card).toContainText(item.shopName);
    await expect(card.getByRole('link', { name: /进入店铺/ })).toHaveAttribute('href', `/mall/shopHome?id=${item.companyId}`);
    await expect(page.getByTestId('related-goods').getByTestId('goods-card').first()).toBeVisible();

    await page.getByRole('button', { name: '查看大图' }).click();
    const preview = page.getByRole('dialog', { name: '图片预览' });
    await expect(preview.locator('img')).toHaveAttribute('src', /\/f\/w1080\//);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    await page.getByRole('button', { name: /加入购物车/ }).click();
    await expect(page).toHaveURL(new RegExp(`/sso/login\\?returnUrl=${encodeURIComponent(`/mall/goodsDetail?id=${item.id}`).replace(/[?]/g, '\\?')}`));
  });

  test('an off-sale or unknown product shows not found', async ({ page }) => {
    await page.goto('/mall/goodsDetail?id=99999999');
    await expect(page.getByText('商品不存在或已下架')).toBeVisible();
  });
});
