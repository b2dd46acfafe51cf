import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './auth-helpers.ts';

interface Goods {
  id: number;
  name: string;
  companyId: number;
  skus: { sysNo: number; code: string; available: number; price: number | string }[];
}

const HEAD = ['规则编号', '采购商/客户分组', 'SKU编码', '定价方式', '协议价（元）/优惠比例（%）', '数量阶梯', '生效日期', '截止日期', '限购数量', '备注'];

async function workbook(path: string, rows: unknown[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('协议价');
  ws.addRow(HEAD);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(path);
  return path;
}

/** Today in China (the validity of a contract price is in China days). */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Price lists in Excel (docs/product/prices.md#price-lists-in-excel): the supplier 18800000002 uploads a price
 * list with one bad row — nothing is imported and the row is named — then the corrected file; the buyer of the
 * demo purchaser sees the imported 协议价 on the goods page, and adds the product to a 常购清单 from a goods card.
 */
test('a supplier imports a price list (a bad row refuses the file, the corrected one imports); the buyer sees the price and lists the goods from a card', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await browser.newPage();
  const buyerInfo = await signIn(buyer, '18800000004');
  const seller = await signIn(page, '18800000002');

  // A product of the supplier with stock; the SKU its goods page chooses first.
  const list = (await (await page.request.post('/api/product/query', { data: { pageSize: 100 } })).json()).data.list as Goods[];
  const own = list.find((g) => g.companyId === seller.extension.CompanyId);
  expect(own, 'a demo product of 18800000002').toBeTruthy();
  const goods = (await (await page.request.get(`/api/product/${own!.id}`)).json()).data as Goods;
  const sku = goods.skus.find((s) => s.available > 0) ?? goods.skus[0]!;
  const contract = Math.max(1, Math.floor(Number(sku.price) * 0.8));
  const contractText = contract.toLocaleString('en-US');
  const row = ['', buyerInfo.extension.CompanyName, sku.code, '固定价', contract, '', chinaToday(), '', '', 'e2e导入'];

  await page.goto('/customer/price/index');
  await page.getByTestId('contract-price-import').click();
  const dialog = page.getByRole('dialog', { name: '导入协议价' });
  await expect(dialog.getByRole('button', { name: /下载模板/ })).toBeVisible();

  // 1. One bad row: nothing imported, the row named with its reason.
  const bad = await workbook(testInfo.outputPath('bad.xlsx'), [row, ['', buyerInfo.extension.CompanyName, sku.code, '打折', 5, '', chinaToday(), '', '', '']]);
  await dialog.locator('input[type=file]').setInputFiles(bad);
  await expect(dialog.getByTestId('price-import-refused')).toContainText('1行有错误，整个文件未导入');
  const errors = dialog.getByTestId('price-import-errors');
  await expect(errors).toContainText('第3行');
  await expect(errors).toContainText('定价方式请填写“固定价”或“折扣”');
  await page.screenshot({ path: '/tmp/price-import-refused-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/price-import-refused-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  const none = await page.request.post('/api/contractPrice/list', {
    headers: { 'x-token': (await page.evaluate(() => localStorage.getItem('token')))! },
    // This purchaser's rules only: another journey may have priced the same SKU for a company of its own.
    data: { pageIndex: 1, pageSize: 20, sku: sku.code, purchaser: buyerInfo.extension.CompanyName },
  });
  expect((await none.json()).data.total).toBe(0);

  // 2. The corrected file: imported and listed.
  const good = await workbook(testInfo.outputPath('good.xlsx'), [row]);
  await dialog.locator('input[type=file]').setInputFiles(good);
  await expect(dialog.getByTestId('price-import-done')).toContainText('导入完成：新增1条，修改0条，未变0条');
  await dialog.getByRole('button', { name: '关闭' }).click();
  const listed = page.locator('.ant-table-row', { hasText: sku.code }).filter({ hasText: buyerInfo.extension.CompanyName });
  await expect(listed).toHaveCount(1);
  await expect(listed.locator('.contract-unit-price')).toContainText(contractText);

  // 3. The buyer sees 协议价 on the goods page.
  await buyer.goto(`/mall/goodsDetail?id=${goods.id}`);
  await expect(buyer.getByTestId('sku-contract-price')).toContainText(contractText);
  await expect(buyer.getByTestId('unit-price')).toContainText(contractText);

  // 4. From a goods card of the list: 加入清单 → the product's specs → a new list.
  await buyer.goto(`/mall/goodsList?productName=${encodeURIComponent(goods.name)}`);
  const card = buyer.getByTestId('goods-card').filter({ hasText: goods.name }).first();
  await card.getByTestId('card-add-to-list').click();
  const add = buyer.getByRole('dialog', { name: '加入常购清单' });
  await add.getByText('新建清单').click();
  await add.getByTestId('list-new-name').fill(`卡片清单${String(Date.now()).slice(-5)}`);
  if (goods.skus.length > 1) await add.getByRole('checkbox').first().check();
  await buyer.screenshot({ path: '/tmp/card-add-to-list-1366.png' });
  await add.getByRole('button', { name: '加入清单' }).click();
  await expect(add.getByText(/已加入常购清单/)).toBeVisible();
  await add.getByRole('button', { name: /完\s*成/ }).click();
  await buyer.setViewportSize({ width: 390, height: 844 });
  await buyer.screenshot({ path: '/tmp/card-add-to-list-390.png', fullPage: false });

  // A visitor is led to sign in.
  const visitor = await browser.newPage();
  await visitor.goto(`/mall/goodsList?productName=${encodeURIComponent(goods.name)}`);
  await visitor.getByTestId('goods-card').filter({ hasText: goods.name }).first().getByTestId('card-add-to-list').click();
  await expect(visitor).toHaveURL(/\/login/);
  await visitor.close();
  await buyer.close();
});
