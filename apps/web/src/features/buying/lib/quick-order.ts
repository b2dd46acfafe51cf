import { MAX_QUICK_LINES, MAX_QUANTITY, type QuickOrderInput } from '@aquamall/shared';

export interface PasteProblem {
  row: number;
  text: string;
  message: string;
}

/**
 * Reads pasted or uploaded "SKU编码 数量" lines (space, tab, comma or Chinese comma between; a CSV's header line
 * and empty lines skipped; a line without a quantity means 1). Lines that cannot be read are answered with their
 * line number and why, in Chinese; at most 100 lines are taken.
 */
export function parseQuickOrder(text: string): { lines: QuickOrderInput['lines']; problems: PasteProblem[] } {
  const lines: QuickOrderInput['lines'] = [];
  const problems: PasteProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const row = i + 1;
    const t = raw.trim();
    if (!t) return;
    const parts = t.split(/[\s,，;；]+/).filter(Boolean);
    const [code = '', qty] = parts;
    if (row === 1 && /编码|sku|code/i.test(code) && !/^\d+$/.test(qty ?? '')) return;
    if (parts.length > 2) return void problems.push({ row, text: t, message: '格式应为“SKU编码 数量”' });
    if (code.length > 40) return void problems.push({ row, text: t, message: '商品编码最多40个字符' });
    if (qty !== undefined && !/^\d+$/.test(qty)) return void problems.push({ row, text: t, message: '数量必须是正整数' });
    const quantity = qty === undefined ? 1 : Number(qty);
    if (quantity < 1 || quantity > MAX_QUANTITY)
      return void problems.push({ row, text: t, message: `数量应在 1 到 ${MAX_QUANTITY} 之间` });
    if (lines.length >= MAX_QUICK_LINES)
      return void problems.push({ row, text: t, message: `一次最多${MAX_QUICK_LINES}行，此行未读取` });
    lines.push({ row, code, quantity });
  });
  return { lines, problems };
}
