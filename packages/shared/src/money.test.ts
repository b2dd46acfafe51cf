import { describe, expect, it } from 'vitest';
import {
  allocate,
  checkVat,
  divRound,
  formatFen,
  formatMoney,
  formatPrice,
  MoneyParseError,
  moneyInput,
  moneyQuery,
  parseFen,
  splitVat,
  sumFen,
  toFen,
  toChineseCapital,
  toYuan,
  vatOf,
} from './money.ts';

describe('parseFen / toFen', () => {
  it('reads decimal strings digit by digit', () => {
    expect(parseFen('37400.00')).toBe(3_740_000);
    expect(parseFen('0.29')).toBe(29);
    expect(parseFen('1.1')).toBe(110);
    expect(parseFen('88')).toBe(8800);
    expect(parseFen('.5')).toBe(50);
    expect(parseFen(' 12.30 ')).toBe(1230);
    expect(parseFen('+3.00')).toBe(300);
  });
  it('reads negatives and rounds extra decimals half away from zero', () => {
    expect(parseFen('-28521.00')).toBe(-2_852_100);
    expect(parseFen('-0.50')).toBe(-50);
    expect(parseFen('1.005')).toBe(101);
    expect(parseFen('1.0049')).toBe(100);
    expect(parseFen('-1.005')).toBe(-101);
    expect(parseFen('-0.001')).toBe(0);
    expect(Object.is(parseFen('-0.00'), 0)).toBe(true);
  });
  it('keeps big amounts exact', () => {
    expect(parseFen('99999999999.99')).toBe(9_999_999_999_999);
    expect(parseFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseFen('90071992547409.92')).toThrow(MoneyParseError);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', '.', '-', 'abc', '1,000.00', '1e3', '¥12', '12.3.4', '--1', 'NaN'])
      expect(() => parseFen(bad), bad).toThrow(MoneyParseError);
  });
  it('reads form numbers through their decimal text (no float multiplication)', () => {
    expect(toFen(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(toFen(1.005)).toBe(101); // 1.005 * 100 = 100.49999999999999
    expect(toFen(19.99)).toBe(1999);
    expect(toFen(-4.35)).toBe(-435);
    expect(toFen(0)).toBe(0);
    expect(toFen(1e21)).toBe(1e23);
    expect(() => toFen(Number.NaN)).toThrow(MoneyParseError);
    expect(() => toFen(Infinity)).toThrow(MoneyParseError);
  });
  it('sums amounts in fen', () => {
    expect(sumFen(['0.10', 0.2, '0.30'])).toBe(60);
    expect(sumFen([])).toBe(0);
  });
});

describe('toYuan', () => {
  it('writes two decimals with the sign in front', () => {
    expect(toYuan(3_740_000)).toBe('37400.00');
    expect(toYuan(5)).toBe('0.05');
    expect(toYuan(-50)).toBe('-0.50');
    expect(toYuan(-2_852_100)).toBe('-28521.00');
    expect(toYuan(0)).toBe('0.00');
    expect(toYuan(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });
  it('round-trips', () => {
    for (const fen of [0, 1, -1, 99, 100, 123_456_789, -987_654_321]) expect(parseFen(toYuan(fen))).toBe(fen);
  });
  it('refuses a fraction of a fen', () => expect(() => toYuan(1.5)).toThrow(RangeError));
});

describe('divRound', () => {
  it('rounds halves away from zero', () => {
    expect(divRound(5, 10)).toBe(1);
    expect(divRound(4, 10)).toBe(0);
    expect(divRound(-5, 10)).toBe(-1);
    expect(divRound(-4, 10)).toBe(0);
    expect(divRound(15, 10)).toBe(2);
  });
});

describe('allocate', () => {
  it('splits by largest remainder and adds up exactly', () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(100, [1, 2])).toEqual([33, 67]);
    expect(allocate(5, [3, 3, 3, 3])).toEqual([2, 1, 1, 1]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(7, [0, 1])).toEqual([0, 7]);
  });
  it('splits negatives as their mirror', () => {
    expect(allocate(-1000, [1, 1, 1])).toEqual([-334, -333, -333]);
  });
  it('keeps sums exact for big totals and many weights', () => {
    const total = 9_999_999_999_999;
    const weights = [7_000_000_000_001, 3, 5, 1_234_567_890, 11];
    const parts = allocate(total, weights);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
    for (let seed = 1; seed < 50; seed++) {
      const w = Array.from({ length: (seed % 7) + 1 }, (_, i) => ((seed * 31 + i * 17) % 97) + 1);
      const t = seed * 1_234_567 - 20_000_000;
      const p = allocate(t, w);
      expect(p.reduce((s, x) => s + x, 0)).toBe(t);
      // Each part is within one fen of its exact share.
      const sum = w.reduce((s, x) => s + x, 0);
      p.forEach((x, i) => expect(Math.abs(x - (t * w[i]!) / sum)).toBeLessThan(1));
    }
  });
  it('refuses weights that cannot split', () => {
    expect(() => allocate(100, [])).toThrow(RangeError);
    expect(() => allocate(100, [0, 0])).toThrow(RangeError);
    expect(() => allocate(100, [1, -1, 2])).toThrow(RangeError);
    expect(() => allocate(100, [0.5, 1])).toThrow(RangeError);
    expect(() => allocate(0.5, [1])).toThrow(RangeError);
  });
});

describe('VAT', () => {
  it('tax is before tax × rate, to the fen', () => {
    expect(vatOf(10_000, 13)).toBe(1300);
    expect(vatOf(8850, 13)).toBe(1151); // 1150.5 → 1151
    expect(vatOf(12_345, 6)).toBe(741); // 740.7
    expect(vatOf(12_345, 0)).toBe(0);
  });
  it('splits a total including tax so the parts add up', () => {
    expect(splitVat(11_300, 13)).toEqual({ exFen: 10_000, taxFen: 1300 });
    expect(splitVat(3_740_000, 13)).toEqual({ exFen: 3_309_735, taxFen: 430_265 });
    expect(splitVat(100, 0)).toEqual({ exFen: 100, taxFen: 0 });
    for (const rate of [13, 9, 6, 3, 1, 0])
      for (const total of [1, 99, 100_00, 3_740_000, 9_999_999_999]) {
        const { exFen, taxFen } = splitVat(total, rate);
        expect(exFen + taxFen).toBe(total);
        expect(checkVat(total, exFen, taxFen, rate)).toBeNull();
      }
  });
  it('names the problem: the sum, or the tax with the right figure', () => {
    expect(checkVat(11_300, 10_000, 1299, 13)).toEqual({ kind: 'sum' });
    expect(checkVat(11_300, 10_001, 1299, 13)).toBeNull(); // one fen off is allowed
    expect(checkVat(11_300, 10_100, 1200, 13)).toEqual({ kind: 'tax', expectedFen: 1313 });
  });
});

describe('formatPrice / formatMoney', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatPrice(1234567.5)).toBe('1,234,567.50');
    expect(formatPrice('88')).toBe('88.00');
    expect(formatPrice('37400.00')).toBe('37,400.00');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice('-28521')).toBe('-28,521.00');
    expect(formatPrice('99999999999.99')).toBe('99,999,999,999.99');
  });
  it('uses 万 above 999999 only when enabled', () => {
    expect(formatPrice(999999, { wan: true })).toBe('999,999.00');
    expect(formatPrice(1_250_000, { wan: true })).toBe('125.00万');
    expect(formatPrice('1234567.50', { wan: true })).toBe('123.46万');
    expect(formatPrice('-1234567.50', { wan: true })).toBe('-123.46万');
    expect(formatPrice(1_250_000)).toBe('1,250,000.00');
  });
  it('shows 无 for empty or invalid values', () => {
    expect(formatPrice(null)).toBe('无');
    expect(formatPrice(undefined)).toBe('无');
    expect(formatPrice('')).toBe('无');
    expect(formatPrice('abc')).toBe('无');
    expect(formatPrice(Number.NaN)).toBe('无');
  });
  it('puts the currency before the number and the sign before the currency', () => {
    expect(formatMoney('37400')).toBe('¥37,400.00');
    expect(formatMoney(-28521)).toBe('-¥28,521.00');
    expect(formatMoney(null)).toBe('无');
    expect(formatFen(3_740_000)).toBe('¥37,400.00');
    expect(formatFen(-5)).toBe('-¥0.05');
  });
});

describe('moneyInput', () => {
  const messages = (schema: ReturnType<typeof moneyInput> | ReturnType<typeof moneyQuery>, v: unknown) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('names the field in every refusal', () => {
    const price = moneyInput('单价', { max: 1000 });
    expect(messages(price, 12.5)).toEqual([]);
    expect(messages(price, 0)).toEqual([]);
    expect(messages(price, undefined)).toEqual(['请输入单价']);
    expect(messages(price, -1)).toEqual(['单价不能为负数']);
    expect(messages(price, 1000.01)).toEqual(['单价过大']);
    expect(messages(price, 1.234)).toEqual(['单价最多两位小数']);
    expect(messages(price, 0.1 + 0.2)).toEqual([]);
  });
  it('refuses 0 when positive, with its own message above max', () => {
    const price = moneyInput('价格', { max: 100, positive: true, tooBig: '价格不能超过100' });
    expect(messages(price, 0)).toEqual(['价格必须大于0']);
    expect(messages(price, 101)).toEqual(['价格不能超过100']);
  });
  it('reads a numeric string when coercing', () => {
    const freight = moneyQuery('运费', { max: 1e10 });
    expect(freight.parse('12.50')).toBe(12.5);
    expect(messages(freight, 'abc')).toEqual(['运费格式不正确']);
  });
});

describe('toChineseCapital (大写金额)', () => {
  it.each([
    // The People's Bank settlement examples.
    [168032, '壹仟陆佰捌拾元零叁角贰分'],
    [10700053, '壹拾万柒仟元零伍角叁分'],
    [140950, '壹仟肆佰零玖元伍角'],
    [600714, '陆仟零柒元壹角肆分'],
    [32504, '叁佰贰拾伍元零肆分'],
    [1600, '壹拾陆元整'],
    // Whole amounts, sections and runs of zeros.
    [0, '零元整'],
    [100, '壹元整'],
    [30000000, '叁拾万元整'],
    [3000000, '叁万元整'],
    [10010000, '壹拾万零壹佰元整'],
    [100100000, '壹佰万壹仟元整'], // 零 may be left out when the 万 digit is 0 and 仟 is not,
    [10000000100, '壹亿零壹元整'],
    [10000100000, '壹亿零壹仟元整'],
    [10010000000, '壹亿零壹拾万元整'],
    [200000000000, '贰拾亿元整'],
    [100000000000000, '壹万亿元整'],
    [101000, '壹仟零壹拾元整'],
    // Fractions only, and 角 without 分.
    [5, '伍分'],
    [50, '伍角'],
    [55, '伍角伍分'],
    [105, '壹元零伍分'],
    [1050, '壹拾元零伍角'],
    [37400, '叁佰柒拾肆元整'],
    [-150, '负壹元伍角'],
  ])('%i fen → %s', (fen, text) => {
    expect(toChineseCapital(fen)).toBe(text);
  });

  it('refuses what is not a fen amount', () => {
    expect(() => toChineseCapital(1.5)).toThrow(RangeError);
    expect(() => toChineseCapital(Number.NaN)).toThrow(RangeError);
  });
});
