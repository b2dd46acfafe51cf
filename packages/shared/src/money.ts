/**
 * The money kernel (docs/decisions/0182-money-kernel.md). Every amount is integer fen while it is computed; it
 * crosses the wire and is stored as a decimal yuan string with two decimals ("37400.00"). Parsing reads the
 * decimal digits (no float multiplication), so "0.29" is 29 fen, never 28.999….
 *
 * - `toFen` / `parseFen`: wire, database `numeric` or form number → fen.
 * - `toYuan`: fen → wire string.
 * - `allocate`: splits a total over weights so the parts add up to the fen.
 * - `vatOf` / `splitVat` / `checkVat`: the VAT rule of an issued invoice, for the server and the browser.
 * - `formatMoney` / `formatPrice`: the one display form (¥, thousands separators, 2 decimals, 万 when asked).
 * - `moneyInput`: the zod field every contract uses for an amount typed in a form.
 * - `toChineseCapital`: fen → 大写金额 as printed on orders, delivery notes and cheques.
 */
import { EMPTY_TEXT } from './constants.ts';
import { z } from './zod.ts';

/** An amount in fen (1/100 yuan), always a safe integer. */
export type Fen = number;
/** An amount on the wire and in the database: yuan with two decimals, "-12.30", "37400.00". */
export type Yuan = string;

/** The text could not be read as an amount. */
export class MoneyParseError extends Error {
  constructor(readonly input: unknown) {
    super(`not an amount: ${JSON.stringify(input)}`);
    this.name = 'MoneyParseError';
  }
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Rounds a non-negative integer quotient a / b half up (both safe integers, b > 0). */
const divHalfUp = (a: number, b: number): number => {
  const q = Math.floor(a / b);
  return (a - q * b) * 2 >= b ? q + 1 : q;
};

/** a / b rounded to the nearest integer, halves away from zero (b > 0). */
export function divRound(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || b <= 0) throw new RangeError(`divRound(${a}, ${b})`);
  if (a >= 0) return divHalfUp(a, b);
  const q = divHalfUp(-a, b);
  return q === 0 ? 0 : -q;
}

/**
 * A decimal string ("37400.00", "-0.5", "12.345", as written by us or by PostgreSQL `numeric`) → fen. More than
 * two decimals round half away from zero ("0.005" → 1, "-0.005" → -1). Throws MoneyParseError on anything else
 * (empty text, exponents, thousands separators, a result beyond the safe integers).
 */
export function parseFen(text: string): Fen {
  const m = DECIMAL.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new MoneyParseError(text);
  const [, sign, whole, frac = ''] = m;
  const cents = Number(`${whole || '0'}${frac.padEnd(2, '0').slice(0, 2)}`);
  const roundUp = frac.length > 2 && frac.charCodeAt(2) >= 53; /* '5' */
  const fen = cents + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(fen)) throw new MoneyParseError(text);
  return sign === '-' && fen !== 0 ? -fen : fen;
}

/**
 * Any amount we hold → fen: a decimal string (wire, database), or a number of yuan from a form or JSON (read
 * through its shortest decimal text, so 0.29 is 29 fen). Throws MoneyParseError when it is not a finite amount.
 */
export function toFen(yuan: number | string): Fen {
  if (typeof yuan === 'string') return parseFen(yuan);
  if (!Number.isFinite(yuan)) throw new MoneyParseError(yuan);
  const text = String(yuan);
  // Tiny or huge numbers print with an exponent; they are no real amounts, round them the plain way.
  return text.includes('e') ? Math.round(yuan * 100) : parseFen(text);
}

/** Fen → the wire and database form: "37400.00", "-0.50". */
export function toYuan(fen: Fen): Yuan {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a fen amount: ${fen}`);
  const abs = Math.abs(fen);
  const cents = String(abs % 100).padStart(2, '0');
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${cents}`;
}

/** Fen → a number of yuan, only to fill a form number input or a chart (never to compute with). */
export const fenToNumber = (fen: Fen): number => Number(toYuan(fen));

/** The sum of amounts, in fen. */
export const sumFen = (amounts: readonly (number | string)[]): Fen => amounts.reduce<Fen>((s, a) => s + toFen(a), 0);

/** A form number is a whole number of fen (at most two decimals; the float noise of 0.1 + 0.2 tolerated). */
export const isWholeFen = (yuan: number): boolean => Math.abs(yuan * 100 - Math.round(yuan * 100)) < 1e-6;

/**
 * Splits `totalFen` over `weights` in proportion, largest remainder first (ties to the earlier part), so the
 * parts add up to the total exactly: allocate(1000, [1, 1, 1]) → [334, 333, 333]. A negative total splits as its
 * positive mirror. Weights are non-negative safe integers (fen, quantities, percents) with a positive sum.
 */
export function allocate(totalFen: Fen, weights: readonly number[]): Fen[] {
  if (!Number.isSafeInteger(totalFen)) throw new RangeError(`not a fen amount: ${totalFen}`);
  if (!weights.length || weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('allocate: weights must be non-negative integers');
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) throw new RangeError('allocate: the weights add up to 0');
  if (totalFen < 0) return allocate(-totalFen, weights).map((p) => (p === 0 ? 0 : -p));
  // BigInt: total × weight may pass 2^53 for large amounts.
  const T = BigInt(totalFen);
  const S = BigInt(sum);
  const parts = weights.map((w, i) => {
    const n = T * BigInt(w);
    return { i, fen: Number(n / S), rest: n % S };
  });
  let left = totalFen - parts.reduce((s, p) => s + p.fen, 0);
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const p of order) {
    if (left <= 0) break;
    p.fen += 1;
    left -= 1;
  }
  return parts.map((p) => p.fen);
}

// ---------------------------------------------------------------------------------------------------------------
// VAT of an issued invoice: before tax + tax = the requested total; tax = before tax × rate rounded to the fen,
// a difference of one fen allowed (invoicing software rounds per line). Rates are whole percents (VAT_RATES).

/** The tax on an amount before tax: before × rate%, rounded to the fen. */
export const vatOf = (exFen: Fen, ratePercent: number): Fen => divRound(exFen * ratePercent, 100);

/** Splits a total including tax into before tax (total ÷ (1 + rate), to the fen) and the tax (the rest). */
export function splitVat(totalFen: Fen, ratePercent: number): { exFen: Fen; taxFen: Fen } {
  const exFen = divRound(totalFen * 100, 100 + ratePercent);
  return { exFen, taxFen: totalFen - exFen };
}

/** What is wrong with an invoice's figures, or null when they meet the rule. `expectedFen` is the right tax. */
export type VatProblem = { kind: 'sum' } | { kind: 'tax'; expectedFen: Fen };

export function checkVat(totalFen: Fen, exFen: Fen, taxFen: Fen, ratePercent: number): VatProblem | null {
  if (exFen + taxFen !== totalFen) return { kind: 'sum' };
  const expectedFen = vatOf(exFen, ratePercent);
  return Math.abs(taxFen - expectedFen) > 1 ? { kind: 'tax', expectedFen } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Display. One form everywhere a price shows: ¥37,400.00; -¥28,521.00; with `wan`, ¥125.00万 above 999999 yuan
// (the 万 unit only where a page opts in: big headline figures such as a tender's budget).

export interface PriceFormatOptions {
  /** Show 万 for values above 999999 yuan. */
  wan?: boolean;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const hundredths = (n: number) => `${group(String(Math.floor(n / 100)))}.${String(n % 100).padStart(2, '0')}`;

/** Reads a display value; null when it is empty or not an amount. */
function fenOrNull(value: number | string | null | undefined): Fen | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return toFen(value);
  } catch {
    return null;
  }
}

/** The number part of a price: "1,234,567.50", "-12.00", "125.00万"; 无 when empty or not an amount. */
export function formatPrice(value: number | string | null | undefined, opts: PriceFormatOptions = {}): string {
  const fen = fenOrNull(value);
  if (fen === null) return EMPTY_TEXT;
  const abs = Math.abs(fen);
  const sign = fen < 0 ? '-' : '';
  if (opts.wan && abs > 99_999_900) return `${sign}${hundredths(divRound(abs, 10_000))}万`;
  return `${sign}${hundredths(abs)}`;
}

/** A price as text with the currency: "¥37,400.00", "-¥28,521.00"; 无 when empty. */
export function formatMoney(value: number | string | null | undefined, opts: PriceFormatOptions = {}): string {
  const text = formatPrice(value, opts);
  if (text === EMPTY_TEXT) return text;
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}

/** A price in fen as text with the currency: formatFen(3740000) → "¥37,400.00". */
export const formatFen = (fen: Fen, opts: PriceFormatOptions = {}): string => formatMoney(toYuan(fen), opts);

// ---------------------------------------------------------------------------------------------------------------
// The contract field for an amount typed in a form: yuan as a number, at most two decimals, within [0, max] (or
// (0, max] when `positive`). Messages name the field: 请输入单价 / 单价不能为负数 / 单价过大 / 单价最多两位小数.

export interface MoneyInputOptions {
  /** The largest amount in yuan. */
  max: number;
  /** Refuse 0 too (「…必须大于0」) instead of only negatives (「…不能为负数」). */
  positive?: boolean;
  /** The message above `max`; 「…过大」 by default. */
  tooBig?: string;
}

function moneyChecks<S extends z.ZodNumber>(base: S, label: string, opts: MoneyInputOptions): S {
  const { max, positive = false, tooBig = `${label}过大` } = opts;
  const signed = positive ? base.refine((v) => v > 0, `${label}必须大于0`) : base.min(0, `${label}不能为负数`);
  return signed.max(max, tooBig).refine(isWholeFen, `${label}最多两位小数`);
}

/** An amount typed in a form (a JSON number). */
export const moneyInput = (label: string, opts: MoneyInputOptions) => moneyChecks(z.number(`请输入${label}`), label, opts);

/** An amount in a query string or any text: a numeric string is read as a number (「…格式不正确」 otherwise). */
export const moneyQuery = (label: string, opts: MoneyInputOptions) =>
  moneyChecks(z.coerce.number(`${label}格式不正确`) as unknown as z.ZodNumber, label, opts) as unknown as z.ZodCoercedNumber;

// ---------------------------------------------------------------------------------------------------------------
// 大写金额: the amount in Chinese capitals, as the People's Bank settlement rules write it (examples in
// packages/shared/src/money.test.ts): 壹拾 for a leading ten, one 零 for a run of zeros inside the number, none for
// the zeros ending a 万/亿 section, 零 after 元 when the 元 digit is 0 and 角 follows or when 角 is 0 and 分
// follows, 整 after 元 only (not after 角 nor 分), 负 for a negative amount.

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CAPITAL_UNITS = ['', '拾', '佰', '仟'] as const;
const CAPITAL_SECTIONS = ['', '万', '亿', '万亿'] as const;

/** The whole yuan in capitals without 元 ('' for 0). */
function capitalYuan(yuan: number): string {
  const digits = String(yuan);
  let out = '';
  let zero = false;
  let sectionHasDigit = false;
  for (let i = 0; i < digits.length; i++) {
    const pos = digits.length - 1 - i;
    const d = digits.charCodeAt(i) - 48;
    if (d === 0) {
      if (out) zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += CAPITAL_DIGITS[d]! + CAPITAL_UNITS[pos % 4]!;
      sectionHasDigit = true;
    }
    if (pos % 4 === 0) {
      if (sectionHasDigit && pos > 0) {
        out += CAPITAL_SECTIONS[pos / 4]!;
        zero = false;
      }
      sectionHasDigit = false;
    }
  }
  return out;
}

/**
 * Fen → 大写金额 without the 人民币 prefix: 3000000 → 叁万元整, 168032 → 壹仟陆佰捌拾元零叁角贰分, 5 → 伍分,
 * 0 → 零元整, -150 → 负壹元伍角.
 */
export function toChineseCapital(fen: Fen): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not a fen amount: ${fen}`);
  if (fen === 0) return '零元整';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor(abs / 10) % 10;
  const cent = abs % 10;
  let out = yuan > 0 ? `${capitalYuan(yuan)}元` : '';
  if (jiao === 0 && cent === 0) out += '整';
  else {
    if (yuan > 0 && (jiao === 0 || yuan % 10 === 0)) out += '零';
    if (jiao > 0) out += `${CAPITAL_DIGITS[jiao]}角`;
    if (cent > 0) out += `${CAPITAL_DIGITS[cent]}分`;
  }
  return (fen < 0 ? '负' : '') + out;
}
