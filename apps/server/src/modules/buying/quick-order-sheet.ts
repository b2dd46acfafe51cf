import { MAX_QUANTITY, MAX_QUICK_LINES, type QuickOrderSheetResult } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { loadExcel } from '../../lib/lazy.ts';
import { readSheet } from '../../lib/sheets.ts';
import type { Caller } from '../auth/index.ts';
import { assertPurchaser } from './cart.ts';
import { resolveQuickOrder } from './repeat.ts';

/**
 * 快速下单 from an Excel workbook (decision 0214): the sheet 快速下单 (else the first) read off the event loop
 * through lib/sheets.ts, its rows "SKU编码, 数量" resolved exactly as a paste is (resolveQuickOrder); a row that
 * cannot be read is named with its row number in the sheet.
 */
export const QUICK_ORDER_SHEET = '快速下单';
const HEADERS = ['SKU编码', '数量'];
/** Rows of the sheet read (the header included). */
const SHEET_ROWS = 1000;

export async function buildQuickOrderTemplate(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(QUICK_ORDER_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: HEADERS[0], key: 'code', width: 24 },
    { header: HEADERS[1], key: 'quantity', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('code').numFmt = '@';
  const help = wb.addWorksheet('填写说明');
  help.getColumn(1).width = 100;
  for (const line of [
    '1. 在「快速下单」表中每行填写一个商品：A列为供应商的SKU编码（商品详情页可见），B列为数量（正整数，留空按1计）。',
    `2. 每次最多${MAX_QUICK_LINES}行，文件须为 .xlsx 格式且不超过5MB；请勿修改表头。`,
    '3. 上传后逐行显示识别结果（商品、单价、库存、起订量）或不能购买的原因，确认后再加入购物车。',
    '示例：PAC-30    10',
  ])
    help.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the workbook as quick-order lines, and the rows that could not be read (第N行：…). */
export async function quickOrderLinesFromWorkbook(
  body: Buffer,
): Promise<{ lines: { row: number; code: string; quantity: number }[]; errors: string[] }> {
  const sheet = await readSheet(body, {
    sheet: QUICK_ORDER_SHEET,
    maxRows: SHEET_ROWS,
    maxRowNumber: SHEET_ROWS,
    maxCols: 2,
    maxChars: 200_000,
  });
  if (!sheet.found) return { lines: [], errors: ['文件中没有工作表'] };
  const lines: { row: number; code: string; quantity: number }[] = [];
  const errors: string[] = [];
  for (const r of sheet.rows) {
    const code = (r.cells[0] ?? '').trim();
    const qty = (r.cells[1] ?? '').trim().replace(/,/g, '');
    if (!code && !qty) continue;
    if (r.row === 1 && /编码|sku|code/i.test(code)) continue;
    const say = (message: string) => void errors.push(`第${r.row}行：${message}`);
    if (!code) {
      say('请填写SKU编码');
      continue;
    }
    if (code.length > 40) {
      say('商品编码最多40个字符');
      continue;
    }
    if (qty && !/^\d+(\.0+)?$/.test(qty)) {
      say('数量必须是正整数');
      continue;
    }
    const quantity = qty ? Number(qty) : 1;
    if (quantity < 1 || quantity > MAX_QUANTITY) {
      say(`数量应在 1 到 ${MAX_QUANTITY} 之间`);
      continue;
    }
    if (lines.length >= MAX_QUICK_LINES) {
      say(`一次最多${MAX_QUICK_LINES}行，此行未读取`);
      continue;
    }
    lines.push({ row: r.row, code, quantity });
  }
  if (sheet.more) errors.push(`只读取了前${SHEET_ROWS}行`);
  return { lines, errors };
}

/** The workbook's lines resolved as a paste is (nothing written). */
export async function resolveQuickOrderSheet(db: Db, caller: Caller, body: Buffer): Promise<QuickOrderSheetResult> {
  assertPurchaser(caller);
  const read = await quickOrderLinesFromWorkbook(body);
  if (!read.lines.length) return { lines: [], errors: read.errors.length ? read.errors : ['文件中没有可读取的行'] };
  const { lines } = await resolveQuickOrder(db, caller, { lines: read.lines });
  return { lines, errors: read.errors };
}
