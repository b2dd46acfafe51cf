import { linesFromRows, type EnquirySheetLines } from '@aquamall/shared';
import { cellText, loadWorkbook } from '../products/product-import.ts';

/** Lines from the first sheet of an uploaded workbook (same reading as a paste from Excel). */
export async function linesFromWorkbook(body: Buffer): Promise<EnquirySheetLines> {
  const wb = await loadWorkbook(body);
  const sheet = wb.worksheets[0];
  if (!sheet) return { lines: [], errors: ['文件中没有工作表'] };
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    if (n > 1000) return;
    rows[n - 1] = Array.from({ length: 6 }, (_, i) => cellText(row.getCell(i + 1).value));
  });
  return linesFromRows(Array.from(rows, (r) => r ?? []));
}
