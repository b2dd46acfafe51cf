import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on the first export or import: at start it cost every worker ~33 MB of resident memory for
 * workbooks most never make (decision 0086).
 */
export const loadExcel = (): Promise<typeof ExcelJS> => (loading ??= import('exceljs').then((m) => m.default));
