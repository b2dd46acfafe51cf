import { expect, test } from '../fixtures/console.ts';
import { signIn } from './auth-helpers.ts';

/**
 * 审批设置's rule form limits a rule to a category (the catalogue's tree) and a supplier (searched by name)
 * (docs/product/approvals.md#rules): saved, the rules table says both. The rule is saved inactive and deleted at
 * the end, so that no other journey of the demo purchaser is routed by it.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

for (const [label, viewport] of [
  ['1366', { width: 1366, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const) {
  test(`a rule saved with a category and a supplier shows both in the rules table (${label} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const name = `类目供应商规则${label}-${Date.now() % 100000}`;
    await signIn(page, '18800000004');
    await page.goto('/customer/approval/settings');
    await page.getByRole('button', { name: /新建审批规则/ }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.getByLabel('规则名称').fill(name);
    await modal.getByLabel('启用').click(); // inactive: it routes nothing

    // The category: the first top-level category of the tree.
    await modal.getByLabel('仅限商品类目').click();
    const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').first();
    const category = (await node.innerText()).trim();
    await node.click();
    // The supplier: searched by name; the first match.
    await modal.getByLabel('仅限供应商').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await expect(option).toBeVisible();
    const supplier = (await option.innerText()).trim().replace(/（.*）$/, '');
    await modal.getByLabel('仅限供应商').fill(supplier.slice(0, 4));
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: supplier }).first()).toBeVisible();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: supplier }).first().click();
    await page.screenshot({ path: `${SHOTS}/approval-rule-pickers-form-${label}.png`, fullPage: true });
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await expect(modal).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`类目：${category}`);
    await expect(row).toContainText(`供应商：${supplier}`);
    await page.screenshot({ path: `${SHOTS}/approval-rule-pickers-table-${label}.png`, fullPage: true });

    // Editing keeps both choices (the supplier labelled by name).
    await row.getByRole('button', { name: '编辑' }).click();
    await expect(modal.getByText('编辑审批规则')).toBeVisible();
    await expect(modal).toContainText(supplier);
    await expect(modal).toContainText(category);
    await modal.getByRole('button', { name: /取\s*消/ }).click();

    await row.getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /删\s*除/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
}
