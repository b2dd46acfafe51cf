import { expect, type Page } from '@playwright/test';

/** One SKU's figures as the supplier's inventory page (/customer/product/inventory) shows them. */
export interface StockFigures {
  onHand: number;
  reserved: number;
  available: number;
}

/** Opens the supplier's inventory page filtered to one SKU code and returns its row. */
async function inventoryRow(page: Page, code: string) {
  await page.goto('/customer/product/inventory');
  const search = page.getByPlaceholder('商品名称或规格编码');
  await search.fill(code);
  await search.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toHaveCount(1);
  return row;
}

/** On hand, reserved and available of a SKU, read from the supplier's inventory page. */
export async function stockOf(page: Page, code: string): Promise<StockFigures> {
  const cells = (await inventoryRow(page, code)).locator('td');
  const int = async (i: number) => parseInt(await cells.nth(i).innerText(), 10);
  return { onHand: await int(2), reserved: await int(3), available: await int(4) };
}

/** The SKU's ledger rows of one document (its number) as the 库存流水 drawer lists them, newest first. */
export async function ledgerRowsOf(page: Page, code: string, docNo: string) {
  const row = await inventoryRow(page, code);
  await row.getByRole('button', { name: '库存流水' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('.ant-table-row').first()).toBeVisible();
  return drawer.getByRole('row', { name: new RegExp(docNo) });
}

/** The OK button of the open confirmation bubble. */
export const popconfirm = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ });

/** Adds a receiving address from the checkout page (it is chosen when saved). */
export async function addCheckoutAddress(page: Page, receiver = '张立伟') {
  await page.getByTestId('checkout-add-address').click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill(receiver);
  await dialog.getByLabel('手机号').fill('13811112222');
  await dialog.getByLabel('所在地区').click();
  await page
    .getByRole('menuitemcheckbox', { name: '北京市' })
    .first()
    .click()
    .catch(async () => page.locator('.ant-cascader-menu-item', { hasText: '北京市' }).first().click());
  await page.locator('.ant-cascader-menu').nth(1).locator('.ant-cascader-menu-item').first().click();
  await page
    .locator('.ant-cascader-menu')
    .nth(2)
    .locator('.ant-cascader-menu-item', { hasText: '大兴区' })
    .click();
  await dialog.getByLabel('详细地址').fill('黄村镇再生水厂路1号');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('radio', { name: new RegExp(receiver) }).first()).toHaveAttribute(
    'aria-checked',
    'true',
  );
}
