import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';
import { failKernel } from './messages.ts';
import { cellText } from './sheet-cells.ts';
import { verifyZipContents, XLSX_LIMITS, XLSX_UNREADABLE, ZIP_REFUSED } from './zip-guard.ts';
import type { SheetAnswer, SheetTask } from './sheets.ts';

/**
 * The worker thread that opens an uploaded workbook (lib/sheets.ts starts it with a heap limit and a time
 * limit): it inflates every entry as a counted stream first (zip-guard), counting the rows each sheet
 * declares, and only then lets exceljs parse it. What goes back is plain text, bounded in rows, columns and
 * characters, or the refusal's message.
 */

/** Row elements one worksheet may hold (empty formatted rows included); beyond, the sheet is refused unread. */
export const MAX_SHEET_ROW_ELEMENTS = 100_000;
const ROW_TAG = /<row[\s>/]/g;

function rowCounter(): (entry: string, chunk: Buffer) => void {
  const counts = new Map<string, { n: number; carry: string }>();
  return (entry, chunk) => {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry)) return;
    const c = counts.get(entry) ?? { n: 0, carry: '' };
    const text = c.carry + chunk.toString('latin1');
    c.n += text.match(ROW_TAG)?.length ?? 0;
    // A tag is 5 characters: 4 carried over can never hold a whole one, so nothing is counted twice.
    c.carry = text.slice(-4);
    counts.set(entry, c);
    if (c.n > MAX_SHEET_ROW_ELEMENTS) throw failKernel('ZIP_REFUSED');
  };
}

async function open(body: Uint8Array): Promise<ExcelJS.Workbook> {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  await verifyZipContents(buf, XLSX_LIMITS, rowCounter(), { unreadable: XLSX_UNREADABLE });
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw failKernel('XLSX_UNREADABLE');
  }
  return wb;
}

const pick = (wb: ExcelJS.Workbook, name?: string) => (name ? wb.getWorksheet(name) : undefined) ?? wb.worksheets[0];

async function run(task: SheetTask): Promise<SheetAnswer> {
  const wb = await open(task.body);
  const sheet = pick(wb, task.sheet);
  if (task.op === 'read') {
    if (!sheet) return { ok: true, found: false, rows: [], more: false };
    const rows: { row: number; cells: string[] }[] = [];
    let chars = 0;
    let more = false;
    const last = Math.min(sheet.actualRowCount ? sheet.rowCount : 0, task.maxRowNumber ?? Infinity);
    const width = Math.min(sheet.columnCount, task.maxCols);
    for (let r = 1; r <= last; r++) {
      const row = sheet.getRow(r);
      const cells = Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value));
      if (r > 1 && !cells.some(Boolean)) continue;
      if (rows.length >= task.maxRows) {
        more = true;
        break;
      }
      for (const c of cells) chars += c.length;
      if (chars > task.maxChars) throw failKernel('ZIP_REFUSED');
      rows.push({ row: r, cells });
    }
    return { ok: true, found: true, rows, more };
  }
  // mark: the refused rows' messages in one column (found by its header, or appended), in red.
  if (!sheet) throw failKernel('ZIP_REFUSED');
  let col = 0;
  sheet.getRow(1).eachCell((cell, c) => {
    if (cellText(cell.value) === task.header) col = c;
  });
  if (!col) col = sheet.columnCount + 1;
  const head = sheet.getRow(1).getCell(col);
  head.value = task.header;
  head.font = { bold: true, color: { argb: 'FFCF1322' } };
  sheet.getColumn(col).width = 60;
  const red = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFCCC7' } } as const;
  const errors = new Map(task.errors);
  for (let r = 2; r <= sheet.rowCount; r++) {
    const messages = errors.get(r);
    const cell = sheet.getRow(r).getCell(col);
    if (!messages) {
      cell.value = null;
      continue;
    }
    cell.value = messages.join('；');
    cell.font = { color: { argb: 'FFCF1322' } };
    cell.fill = red;
    cell.alignment = { wrapText: true, vertical: 'top' };
  }
  return { ok: true, file: new Uint8Array(await wb.xlsx.writeBuffer()) };
}

run(workerData as SheetTask).then(
  (answer) => parentPort?.postMessage(answer),
  (err: unknown) =>
    parentPort?.postMessage({ ok: false, refused: err instanceof AppError ? err.message : ZIP_REFUSED } satisfies SheetAnswer),
);
