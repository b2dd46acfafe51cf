import { expect, test } from '@playwright/test';
import { ADMIN, uiLogin } from './merchant-helpers.ts';

// Decision 0176: buyers find products by generic words, trade names and category names; operators keep the
// synonym table in the console (搜索同义词). Screenshots at 1366 and 390 px go to SEARCH_SHOTS when it is set.
const shots = process.env.SEARCH_SHOTS;

test('a buyer typing a generic word (絮凝剂) finds the flocculants, PAC first', async ({ page }) => {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`/mall/goodsList?productName=${encodeURIComponent('絮凝剂')}`);
    await expect(page.getByText('聚合氯化铝PAC 饮用水级 含量30%').first()).toBeVisible();
    await expect(page.getByText(/聚合硫酸铁/).first()).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/mall-search-xnj-${width}.png`, fullPage: false });
  }
});

test('an operator adds a synonym in 搜索同义词; the mall search uses it at once', async ({ page }) => {
  const word = `测试泵${String(Date.now()).slice(-4)}`;
  await page.goto('/sso/login?returnUrl=%2Fadmin%2Fsearch-synonyms');
  await uiLogin(page, ADMIN.account, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/search-synonyms/);
  await expect(page.getByRole('row', { name: /聚合氯化铝/ }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/console-synonyms-1366.png` });
  await page.getByPlaceholder('按词查找，如 PAC').fill('净水剂');
  await page.getByPlaceholder('按词查找，如 PAC').press('Enter');
  await expect(page.getByRole('row', { name: /絮凝剂.*混凝剂.*净水剂/ })).toBeVisible();

  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.getByRole('dialog');
  // Saving one word is refused with the schema's message.
  const terms = dialog.getByLabel('同义词', { exact: true });
  await terms.fill(word);
  await terms.press('Enter');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('请至少填写两个词（同义词或对应商品词）')).toBeVisible();
  const related = dialog.getByLabel('对应商品词（可选）');
  await related.fill('离心泵');
  await related.press('Enter');
  if (shots) await page.screenshot({ path: `${shots}/console-synonyms-edit-1366.png` });
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('同义词已保存')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/search-synonyms`);
  await expect(page.getByText(word).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/console-synonyms-390.png` });

  await page.goto(`/mall/goodsList?productName=${encodeURIComponent(word)}`);
  await expect(page.getByText(/离心泵/).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/mall-search-new-synonym-390.png` });
});
