import { expect, test } from '@playwright/test';
import { ADMIN, apiLogin, uiLogin } from './merchant-helpers.ts';

test('an operator publishes a news article with the rich-text editor; it is sanitised, public and audited', async ({ page, request }) => {
  const title = `聚合氯化铝市场周报${String(Date.now()).slice(-5)}`;
  await page.goto('/sso/login?returnUrl=%2Fadmin%2Farticles');
  await uiLogin(page, ADMIN.account, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/articles/);
  await page.getByRole('button', { name: '发布资讯' }).first().click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('标题', { exact: true }).fill(title);
  const editor = drawer.getByRole('textbox', { name: '正文' });
  await editor.click();
  await page.keyboard.type('本周价格');
  await drawer.getByRole('button', { name: /加\s*粗/ }).click();
  await page.keyboard.type('上涨');
  await drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  // The stored HTML keeps the formatting and the public page shows it.
  const token = await apiLogin(request, ADMIN.account, ADMIN.password);
  const list = await request.post('/admin/api/content/article/list', { headers: { 'x-token': token }, data: { keyword: title, pageIndex: 1, pageSize: 5 } });
  const id = ((await list.json()) as { data: { list: { id: number }[] } }).data.list[0]!.id;
  const article = await request.get(`/admin/api/content/article/${id}`, { headers: { 'x-token': token } });
  expect(((await article.json()) as { data: { content: string } }).data.content).toMatch(/<(b|strong)>上涨<\/(b|strong)>/);
  await page.goto(`/mall/articledetail?id=${id}`);
  await expect(page.getByTestId('article-content')).toContainText('本周价格上涨');

  const audit = await request.post('/admin/api/audit/list', { headers: { 'x-token': token }, data: { action: 'article.create', targetId: String(id), pageIndex: 1, pageSize: 5 } });
  expect(((await audit.json()) as { data: { total: number } }).data.total).toBe(1);
});
