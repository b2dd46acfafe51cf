import ExcelJS from 'exceljs';
import { expect, test } from '../fixtures/console.ts';
import { DEMO_PASSWORD, signIn } from './auth-helpers.ts';

/** A filled import sheet: one product with two SKUs (rows sharing 商品标识) and one single-SKU product. */
async function importSheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品导入');
  ws.addRow([
    '商品标识',
    '分类编码',
    '商品名称',
    '销售单位',
    '规格编码',
    '规格值',
    '单价（元）',
    '阶梯价',
    '期初库存',
  ]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a supplier imports a small sheet and finds the products as drafts; a sheet with an error imports nothing', async ({
  page,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  await signIn(page, '18800000002');
  await page.goto('/customer/product');
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '导入商品' });
  await expect(dialog.getByRole('button', { name: '下载导入模板' })).toBeVisible();

  // A sheet with an error: nothing is imported and the marked copy is offered.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'bad.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await importSheet([
      ['', '聚合氯化铝', `导入错误商品${tag}`, '吨', `IMPBAD-${tag}`, '', 'abc', '', 1],
    ]),
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('整个文件未导入')).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载错误文件' }).click();
  expect((await download).suggestedFilename()).toBe('商品导入错误.xlsx');
  await dialog.getByRole('button', { name: '继续导入' }).click();

  // A good sheet: two products become drafts.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'good.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await importSheet([
      [
        'P1',
        '聚合氯化铝',
        `导入双规格商品${tag}`,
        '吨',
        `IMPA-${tag}`,
        '含量:30%',
        2000,
        '10:1900;50:1800',
        100,
      ],
      ['P1', '', '', '', `IMPB-${tag}`, '含量:28%', 1800, '', 20],
      ['', '聚合氯化铝', `导入单规格商品${tag}`, '袋', `IMPC-${tag}`, '', 35.5, '', 0],
    ]),
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('已导入2件商品（草稿）')).toBeVisible();
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  await page.getByLabel('商品名称').fill(tag);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.locator('.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `导入双规格商品${tag}` })).toContainText('草稿');
  await expect(rows.filter({ hasText: `导入双规格商品${tag}` })).toContainText('120 吨');
  await expect(page.getByText(`导入错误商品${tag}`)).toHaveCount(0);
});

test('a question asked in the mall is answered in the workbench and shown with the answer on the goods detail', async ({
  page,
  browser,
}) => {
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  // An on-sale product of the demo supplier.
  const login = await (
    await page.request.post('/api/appuser/login', {
      data: { account: '18800000002', password: DEMO_PASSWORD },
    })
  ).json();
  const list = await (
    await page.request.post('/api/myproduct/list', {
      data: { onSale: 1, pageIndex: 1, pageSize: 50 },
      headers: { 'x-token': login.data.authToken as string },
    })
  ).json();
  // The oldest of the page: a demo product, not one another spec running beside this one just published and may
  // take off sale (the catalogue specs do).
  const product = (list.data.list as { sysNo: number; name: string }[]).at(-1)!;

  // A purchaser asks on the goods detail.
  const buyer = await browser.newPage();
  await signIn(buyer, '18800000004');
  await buyer.goto(`/mall/goodsDetail?id=${product.sysNo}`);
  await expect(buyer.getByRole('heading', { name: product.name })).toBeVisible();
  const box = buyer.getByTestId('goods-discussions');
  await box.getByRole('tab', { name: /商品问答/ }).click();
  const question = `请问是否含税？${tag}`;
  await box.getByPlaceholder(/向商家提问/).fill(question);
  await box.getByRole('button', { name: /提\s*问/ }).click();
  await expect(buyer.getByText('问题已提交，等待商家回复')).toBeVisible();
  await expect(box.getByTestId('discussion-entry').filter({ hasText: question })).toContainText(
    '等待商家回复',
  );

  // The supplier sees it unanswered first and replies.
  await signIn(page, '18800000002');
  await page.goto('/customer/product/discussion');
  const row = page.locator('.ant-table-row', { hasText: question });
  await expect(row).toContainText('待回复');
  await row.getByRole('button', { name: /回\s*复/ }).click();
  await page.locator('.ant-modal').getByLabel('回复内容').fill(`含税价，可开专票 ${tag}`);
  await page.locator('.ant-modal').getByRole('button', { name: '发布回复' }).click();
  await expect(page.getByText('回复已发布')).toBeVisible();
  await expect(row).toContainText('已回复');

  // The mall shows the answer.
  await buyer.reload();
  await buyer
    .getByTestId('goods-discussions')
    .getByRole('tab', { name: /商品问答/ })
    .click();
  await expect(buyer.getByTestId('discussion-entry').filter({ hasText: question })).toContainText(
    `商家回复：含税价，可开专票 ${tag}`,
  );
});
