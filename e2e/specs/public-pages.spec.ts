import { expect, test } from '../fixtures/console.ts';

const SITE = 'B2B企业服务平台';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Public pages read without JavaScript (decision 0152): meta tags and text in the HTML; the app still takes over. */
test.describe('public pages without JavaScript', () => {
  test('the goods detail HTML has the product title, description, Open Graph and facts; the app still renders', async ({ page, request, browser }) => {
    const list = (await (await request.post('/api/product/query', { data: { productName: '聚合氯化铝', pageSize: 1 } })).json()).data;
    const item = list.list[0] as { id: number; name: string; shopName: string };
    const url = `/mall/goodsDetail?id=${item.id}`;

    // What a crawler or a chat app's link preview fetches: no script runs.
    const res = await request.get(url);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${esc(item.name)} - ${SITE}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${esc(item.name)}" />`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/f\/w1080\/[^"]+" \/>/);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
    expect(html).toContain(`<h1>${esc(item.name)}</h1>`);
    expect(html).toContain(`<dt>供应商</dt><dd>${esc(item.shopName)}</dd>`);
    expect(html).toMatch(/<dt>价格<\/dt><dd>(¥[\d,.]+( – ¥[\d,.]+)? \/ \S+|面议)<\/dd>/);

    // A browser with JavaScript off shows that text.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(url);
    await expect(plain.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(plain.locator('.am-ssr')).toContainText(item.shopName);
    await expect(plain).toHaveTitle(`${item.name} - ${SITE}`);
    await noJs.close();

    // In Chromium with JavaScript the app replaces the text with the real page (purchase buttons, gallery).
    await page.goto(url);
    await expect(page.getByRole('button', { name: /加入购物车/ })).toBeVisible();
    await expect(page.locator('.am-ssr')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toHaveCount(1);
    await expect(page).toHaveTitle(`${item.name} - ${SITE}`);
    // And routes on inside the app: the shop card's link opens the shop without a page load.
    await page.getByTestId('shop-card').getByRole('link', { name: /进入店铺/ }).click();
    await expect(page).toHaveURL(/\/mall\/shopHome\?id=\d+/);
    await expect(page).toHaveTitle(new RegExp(`${SITE}$`));
    // The first page's canonical link and share card no longer describe what is shown: the app drops them.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(0);
  });

  test('an unknown product answers 404 with noindex, and the app still shows its not-found page', async ({ page, request }) => {
    const res = await request.get('/mall/goodsDetail?id=99999999');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('<meta name="robots" content="noindex" />');
    await page.goto('/mall/goodsDetail?id=99999999');
    await expect(page.getByRole('link', { name: '去看看其他商品' })).toBeVisible();
    await expect(page.locator('.am-ssr')).toHaveCount(0);
  });

  test('robots.txt and the sitemap index are served', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /customer');
    expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
    const index = await (await request.get('/sitemap.xml')).text();
    const goods = /<loc>http:\/\/127\.0\.0\.1:\d+(\/sitemaps\/goods-1\.xml)<\/loc>/.exec(index);
    expect(goods).not.toBeNull();
    const file = await (await request.get(goods![1]!)).text();
    expect(file).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/mall\/goodsDetail\?id=\d+<\/loc>/);
  });
});
