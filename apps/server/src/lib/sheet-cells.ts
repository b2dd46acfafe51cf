import type ExcelJS from 'exceljs';

/** A cell's value as the text a user sees (trimmed; dates as yyyy-mm-dd; formulas by their result). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v)
      return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return String(v.text).trim();
  }
  return '';
}
