import { expect, test } from '../fixtures/console.ts';

test.describe('mall news and tenders', () => {
  test('notice searches by title and opens a safe article that counts views', async ({ page, request }) => {
    const list = (await (await request.post('/api/openArticle/query', { data: { pageSize: 1 } })).json()).data;
    const a = list.list[0] as { id: number; title: string; views: number };
    await page.goto(`/mall/notice?title=${encodeURIComponent(a.title.slice(0, 2))}`);
    await expect(page.getByTestId('article-row').first().locator('mark.am-hl').first()).toBeVisible();
    await page.goto(`/mall/articledetail?id=${a.id}`);
    await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
    await expect(page).toHaveTitle(`${a.title} - B2B企业服务平台`);
    await expect(page.getByTestId('article-content').locator('script')).toHaveCount(0);
    const after = (await (await request.get(`/api/openArticle/${a.id}`)).json()).data as { views: number };
    expect(after.views).toBeGreaterThan(a.views);
  });

  test('bidindex switches between tenders and results; bidDetail offers the documents', async ({ page, request }) => {
    await page.goto('/mall/bidindex');
    await expect(page.getByTestId('bid-row').first()).toBeVisible();
    await page.getByRole('tab', { name: '中标公告' }).click();
    await expect(page).toHaveURL(/type=2/);
    await expect(page.getByTestId('bid-row').first().locator('.ant-tag')).toHaveText('中标公告');
    const tenders = (await (await request.post('/api/openbid/querBid', { data: { pageSize: 50 } })).json()).data.list as { id: number }[];
    let withDocs: number | null = null;
    for (const t of tenders) {
      const d = (await (await request.get(`/api/openbid/${t.id}`)).json()).data as { attachments: unknown[] };
      if (d.attachments.length) {
        withDocs = t.id;
        break;
      }
    }
    await page.goto(`/mall/bidDetail?id=${withDocs ?? tenders[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (withDocs) await expect(page.getByTestId('bid-attachments').locator('a').first()).toHaveAttribute('href', /^\/f\//);
  });
});
