import { expect, test } from '../fixtures/console.ts';
import { categories } from '../fixtures/site-data.ts';

test.describe('category catalogue', () => {
  test('shows the first 9 top-level categories and 查看更多', async ({ page, request }) => {
    const tree = await categories(request);
    expect(tree.length).toBeGreaterThan(9);
    await page.goto('/mall/home');
    const menu = page.getByTestId('category-menu');
    await expect(menu.locator('.am-cat-name')).toHaveText([...tree.slice(0, 9).map((c) => c.name), '查看更多']);
  });

  test('hovering shows levels 2 and 3; a click opens the goods list with the three query values', async ({ page, request }) => {
    const tree = await categories(request);
    const top = tree.find((c) => c.children.some((s) => s.children.length))!;
    const second = top.children.find((s) => s.children.length)!;
    const third = second.children[0]!;
    await page.goto('/mall/home');
    const menu = page.getByTestId('category-menu');
    await menu.locator('.am-cat-item', { has: page.locator('.am-cat-name', { hasText: new RegExp(`^${top.name}$`) }) }).hover();
    const flyout = menu.getByTestId('category-flyout');
    await expect(flyout.getByRole('link', { name: second.name, exact: true })).toBeVisible();
    await flyout.getByRole('link', { name: third.name, exact: true }).click();
    await expect(page).toHaveURL(/\/mall\/goodsList\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('categoryCode')).toBe(third.categoryCode);
    expect(url.searchParams.get('categoryName')).toBe(third.name);
    expect(url.searchParams.get('title')).toBe(third.name);
  });

  test('查看更多 shows the remaining top-level categories', async ({ page, request }) => {
    const tree = await categories(request);
    await page.goto('/mall/home');
    const menu = page.getByTestId('category-menu');
    await menu.locator('.am-cat-more').hover();
    for (const c of tree.slice(9)) await expect(menu.getByTestId('category-flyout').getByRole('link', { name: c.name, exact: true })).toBeVisible();
  });

  test('on other mall pages the catalogue opens from 全部商品分类', async ({ page, request }) => {
    const tree = await categories(request);
    await page.goto('/mall/notice');
    await expect(page.getByTestId('category-menu')).toHaveCount(0);
    await page.getByText('全部商品分类').hover();
    await expect(page.getByTestId('category-menu').locator('.am-cat-name').first()).toHaveText(tree[0]!.name);
  });
});
