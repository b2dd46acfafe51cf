import { linesFromRows, type EnquirySheetLines } from '@aquamall/shared';
import { readSheet } from '../../lib/sheets.ts';

/** Rows of the sheet read (the header included), columns per row, characters of all cells. */
const SHEET_ROWS = 1000;
const SHEET_COLUMNS = 6;
const SHEET_CHARS = 2_000_000;

/**
 * Lines from the first sheet of an uploaded workbook (same reading as a paste from Excel), read off the event
 * loop with the workbook's size, rows and columns bounded (lib/sheets.ts).
 */
export async function linesFromWorkbook(body: Buffer): Promise<EnquirySheetLines> {
  const sheet = await readSheet(body, { maxRows: SHEET_ROWS, maxRowNumber: SHEET_ROWS, maxCols: SHEET_COLUMNS, maxChars: SHEET_CHARS });
  if (!sheet.found) return { lines: [], errors: ['文件中没有工作表'] };
  const rows: string[][] = [];
  for (const r of sheet.rows) rows[r.row - 1] = r.cells;
  return linesFromRows(Array.from(rows, (r) => r ?? []));
}
