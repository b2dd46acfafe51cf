import { Worker } from 'node:worker_threads';
import { invalid } from './errors.ts';
import { failKernel } from './messages.ts';
import { Slots } from './slots.ts';
import { checkZipDirectory, XLSX_LIMITS, XLSX_UNREADABLE, ZIP_REFUSED } from './zip-guard.ts';

/**
 * Uploaded workbooks are opened off the event loop (docs/decisions/0170-upload-bombs.md): the zip's central
 * directory is checked here first (nothing inflated), then a worker thread (`sheet-worker.ts`) with a heap limit
 * and a time limit inflates the entries as counted streams and parses the workbook with exceljs. A worker that
 * runs out of memory or time is ended and the upload refused; the server's own heap only ever holds the upload
 * and the plain text that comes back.
 */

export interface SheetRowText {
  /** The row number in the sheet (1 is the header). */
  row: number;
  cells: string[];
}

export type SheetTask =
  | {
      op: 'read';
      body: Uint8Array;
      /** The sheet by name (else the first). */
      sheet?: string;
      /** Non-empty data rows answered at most (`more` says whether there were further ones). */
      maxRows: number;
      /** Rows after this number are not read. */
      maxRowNumber?: number;
      /** Columns read per row. */
      maxCols: number;
      /** Characters of all answered cells together. */
      maxChars: number;
    }
  | { op: 'mark'; body: Uint8Array; sheet?: string; header: string; errors: [number, string[]][] };

export type SheetAnswer =
  | { ok: true; found?: boolean; rows?: SheetRowText[]; more?: boolean; file?: Uint8Array }
  | { ok: false; refused: string };

/** The worker's limits: old-generation heap, young generation, and the wall-clock time of one task. */
export const SHEET_WORKER_LIMITS = { heapMb: 384, youngMb: 32, timeoutMs: 60_000 };
/** Workbooks parsed at once in this process; more wait their turn. */
const sheetSlots = new Slots(2);

// From the sources (tests, tsx) the worker is the .ts file, run through tsx; from the build, its own entry.
const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './sheet-worker.ts' : './sheet-worker.js', import.meta.url);
const SOURCE_BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`;

function runWorker(task: SheetTask, limits = SHEET_WORKER_LIMITS): Promise<SheetAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(fromSource ? SOURCE_BOOT : workerUrl, {
      eval: fromSource,
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (answer: SheetAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ ok: false, refused: ZIP_REFUSED }), limits.timeoutMs);
    worker.once('message', (answer: SheetAnswer) => settle(answer));
    // ERR_WORKER_OUT_OF_MEMORY, a crash inside exceljs, or an exit without an answer: the upload is refused.
    worker.once('error', () => settle({ ok: false, refused: ZIP_REFUSED }));
    worker.once('exit', () => settle({ ok: false, refused: ZIP_REFUSED }));
  });
}

/** Runs one task: the directory check here, then the worker; a refusal becomes a Chinese INVALID answer. */
export async function runSheetTask(task: SheetTask, limits = SHEET_WORKER_LIMITS): Promise<SheetAnswer & { ok: true }> {
  const body = Buffer.from(task.body.buffer, task.body.byteOffset, task.body.byteLength);
  await checkZipDirectory(body, XLSX_LIMITS, { unreadable: XLSX_UNREADABLE });
  const answer = await sheetSlots.run(() => runWorker(task, limits));
  if (!answer.ok) throw invalid(answer.refused);
  return answer;
}

/** The text of one sheet's non-empty rows (the header row always), bounded as `task` says. */
export async function readSheet(
  body: Buffer,
  opts: Omit<Extract<SheetTask, { op: 'read' }>, 'op' | 'body'>,
): Promise<{ found: boolean; rows: SheetRowText[]; more: boolean }> {
  const a = await runSheetTask({ op: 'read', body, ...opts });
  return { found: a.found ?? false, rows: a.rows ?? [], more: a.more ?? false };
}

/** A copy of the workbook with `errors` (row → messages) written in red into the column headed `header`. */
export async function markSheet(body: Buffer, sheet: string, header: string, errors: Map<number, string[]>): Promise<Buffer> {
  const a = await runSheetTask({ op: 'mark', body, sheet, header, errors: [...errors] });
  if (!a.file) throw failKernel('ZIP_REFUSED');
  return Buffer.from(a.file.buffer, a.file.byteOffset, a.file.byteLength);
}
