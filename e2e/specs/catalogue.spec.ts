import { expect, test } from '../fixtures/console.ts';
import type { Page } from '@playwright/test';
import { signIn } from './auth-helpers.ts';
import { PNG } from './merchant-helpers.ts';


/** Fills one SKU card of the editor: spec value, code, price, stock and its tiers. */
async function fillSku(page: Page, i: number, sku: { spec: string; code: string; price: number; stock: number; tiers: [number, number][] }) {
  await page.locator(`#skus_${i}_values_0`).fill(sku.spec);
  await page.locator(`#skus_${i}_code`).fill(sku.code);
  await page.locator(`#skus_${i}_price`).fill(String(sku.price));
  await page.locator(`#skus_${i}_stock`).fill(String(sku.stock));
  const card = page.locator('.ant-card-small').nth(i);
  for (const [t, [qty, price]] of sku.tiers.entries()) {
    await card.getByRole('button', { name: '添加阶梯' }).click();
    await page.locator(`#skus_${i}_priceTiers_${t}_minQty`).fill(String(qty));
    await page.locator(`#skus_${i}_priceTiers_${t}_price`).fill(String(price));
  }
}

test('a supplier publishes a product with two SKUs and tiers, the platform approves it, the mall sells it at the tier price until it is taken off sale', async ({ page, browser }) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const name = `鲲鹏牌除氟剂 E2E${tag}`;

  // The supplier creates the product in the workbench editor and submits it.
  await signIn(page, '18800000002');
  await page.goto('/customer/product/detail');
  await page.locator('.ant-form-item', { hasText: '商品分类' }).locator('.ant-cascader').click();
  await page.locator('.ant-cascader-menu-item[title="水处理药剂"]').click();
  await page.locator('.ant-cascader-menu-item[title="絮凝剂"]').click();
  await page.locator('.ant-cascader-menu-item[title="聚合氯化铝"]').click();
  await page.locator('#name').fill(name);
  await page.locator('#minOrder').fill('2');
  await fillSku(page, 0, { spec: 'A型25kg袋', code: `KP-A-${tag}`, price: 900, stock: 300, tiers: [[10, 850], [50, 800]] });
  await page.getByRole('button', { name: '添加规格' }).click();
  await fillSku(page, 1, { spec: 'B型吨袋', code: `KP-B-${tag}`, price: 700, stock: 40, tiers: [[20, 650]] });
  await page.locator('.ant-form-item', { hasText: '商品图片' }).locator('input[type=file]').setInputFiles({ name: 'kp.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first()).toBeVisible();
  await page.getByRole('button', { name: '保存并提交审核' }).click();
  await expect(page.getByText('已提交审核')).toBeVisible();
  await expect(page).toHaveURL(/product\/detail\?id=\d+/);
  await expect(page.getByText('待审核', { exact: true })).toBeVisible();

  // Not in the mall while pending.
  const visitor = await browser.newPage();
  await visitor.goto('/mall/goodsList?productName=鲲鹏');
  await expect(visitor.getByTestId('result-count')).toBeVisible();
  await expect(visitor.getByText(name)).toHaveCount(0);

  // The platform approves it in /admin.
  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/product-review');
  await admin.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: '审核' }).click();
  const drawer = admin.locator('.ant-drawer');
  await expect(drawer.getByRole('heading', { name })).toBeVisible();
  await expect(drawer.getByText(`KP-B-${tag}`)).toBeVisible();
  await drawer.getByRole('button', { name: /通\s*过/ }).click();
  await expect(admin.getByText('已通过审核')).toBeVisible();

  // A 2-character keyword finds it; the detail offers both SKUs with their tier prices.
  await visitor.goto('/mall/goodsList?productName=鲲鹏');
  const card = visitor.getByTestId('goods-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.locator('.am-goods-name').click();
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  const unitPrice = visitor.getByTestId('unit-price');
  const qty = visitor.getByLabel('采购数量');
  await expect(qty).toHaveValue('2');
  await expect(unitPrice).toContainText('900.00');
  await qty.fill('10');
  await qty.blur();
  await expect(unitPrice).toContainText('850.00');
  await qty.fill('60');
  await qty.blur();
  await expect(unitPrice).toContainText('800.00');
  await visitor.getByRole('radio', { name: /B型吨袋/ }).click();
  await expect(visitor.getByTestId('available-stock')).toContainText('40');
  await qty.fill('20');
  await qty.blur();
  await expect(unitPrice).toContainText('650.00');
  await qty.fill('19');
  await qty.blur();
  await expect(unitPrice).toContainText('700.00');

  // The supplier takes it off sale: gone from the mall at once.
  await page.goto('/customer/product');
  await page.locator('#name').fill(`E2E${tag}`);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('已上架');
  await row.getByRole('button', { name: /下\s*架/ }).click();
  await expect(row).toContainText('已下架');
  await visitor.goto('/mall/goodsList?productName=鲲鹏');
  await expect(visitor.getByTestId('result-count')).toBeVisible();
  await expect(visitor.getByText(name)).toHaveCount(0);
});
