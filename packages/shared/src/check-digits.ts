/**
 * Validators for Chinese identifiers with check digits:
 * - the unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from a 31-symbol alphabet
 *   (digits and upper-case letters without I, O, S, V, Z); the last one is a check character computed with
 *   weights 3^i mod 31 over the first 17;
 * - the resident identity card number (GB 11643-1999): 17 digits and a check character (0-9 or X) computed
 *   modulo 11 (ISO 7064 MOD 11-2), with a valid birth date in positions 7–14.
 */
const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Registration authority (first character) and the organisation kinds (second) GB 32100 allows under it. */
const CREDIT_KINDS: Record<string, string> = {
  '1': '1239', // 机构编制
  '2': '19',
  '3': '123459', // 民政
  '4': '129',
  '5': '1239', // 民政
  '6': '129',
  '7': '129',
  '8': '129',
  '9': '123', // 工商: 企业, 个体工商户, 农民专业合作社
  A: '19',
  N: '1239',
  Y: '1',
};

/** The check character of the first 17 characters of a credit code, or null if they are not well formed. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_ALPHABET.indexOf(first17[i]!);
    if (v < 0) return null;
    sum += v * CREDIT_WEIGHTS[i]!;
  }
  const c = (31 - (sum % 31)) % 31;
  return CREDIT_ALPHABET[c]!;
}

/** Normalises user input: trims and upper-cases. */
export const normalizeCreditCode = (s: string) => s.trim().toUpperCase();

/** True when `code` is a well-formed unified social credit code with a correct check character. */
export function isValidCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  const kinds = CREDIT_KINDS[code[0]!];
  if (!kinds || !kinds.includes(code[1]!)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** True when `id` is an 18-character resident ID number with a real birth date and a correct check character. */
export function isValidIdCardNumber(id: string, today = new Date()): boolean {
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  if (y < 1800 || birth.getTime() > today.getTime()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

/** The check character for 17 ID digits (test fixtures). */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** The messages of a wrong code or number, the same in the form (as typed) and on the server. */
export const MSG_CREDIT_CODE_FORMAT = '统一社会信用代码为18位数字或大写字母（不含I、O、S、V、Z）';
export const MSG_CREDIT_CODE_INVALID = '统一社会信用代码不正确，请核对后重新输入';
export const MSG_ID_NUMBER_FORMAT = '身份证号码为18位（最后一位可为X）';
export const MSG_ID_NUMBER_INVALID = '经办人身份证号码不正确，请核对后重新输入';
