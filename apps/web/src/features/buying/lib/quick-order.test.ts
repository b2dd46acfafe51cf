import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './quick-order.ts';

describe('parseQuickOrder', () => {
  it('reads code and quantity separated by spaces, tabs or commas; no quantity means 1', () => {
    expect(parseQuickOrder('A-1 5\nB-2\t3\n\nC-3,2\nD-4，7\nE-5').lines).toEqual([
      { row: 1, code: 'A-1', quantity: 5 },
      { row: 2, code: 'B-2', quantity: 3 },
      { row: 4, code: 'C-3', quantity: 2 },
      { row: 5, code: 'D-4', quantity: 7 },
      { row: 6, code: 'E-5', quantity: 1 },
    ]);
  });
  it('skips a CSV header and names the lines it cannot read', () => {
    const r = parseQuickOrder('SKU编码,数量\nA-1,x\nB-2,0\nC-3 1 2\nD-4,2');
    expect(r.lines).toEqual([{ row: 5, code: 'D-4', quantity: 2 }]);
    expect(r.problems).toEqual([
      { row: 2, text: 'A-1,x', message: '数量必须是正整数' },
      { row: 3, text: 'B-2,0', message: '数量应在 1 到 999999 之间' },
      { row: 4, text: 'C-3 1 2', message: '格式应为“SKU编码 数量”' },
    ]);
  });
  it('takes at most 100 lines', () => {
    const r = parseQuickOrder(Array.from({ length: 102 }, (_, i) => `S${i} 1`).join('\n'));
    expect(r.lines).toHaveLength(100);
    expect(r.problems.map((p) => p.row)).toEqual([101, 102]);
  });
});
