import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, idCardCheckChar, isValidCreditCode, isValidIdCardNumber } from './check-digits.ts';

// Codes printed on real business licences / published by the companies themselves (site footers, filings).
// A random 18th character passes with probability 1/31, so nine real codes passing is strong evidence.
const REAL_CODES = [
  '91350100M000100Y43', // example in the task brief (Fuzhou)
  '914403001922038216', // 华为技术有限公司
  '91440300708461136T', // 深圳市腾讯计算机系统有限公司
  '91330100716105852F', // 阿里巴巴（中国）有限公司
  '91110108551385082Q', // 小米科技有限责任公司
  '91110000802100433B', // 北京百度网讯科技有限公司
  '91110000710925462X', // 中国移动通信集团有限公司
  '91440300MA5H0HLK5U', // 柯兴科技（深圳）有限公司 (site footer)
  '91133100MA0D8N1J7G', // a Hebei company's published profile
];

describe('unified social credit code (GB 32100-2015)', () => {
  it.each(REAL_CODES)('accepts the real code %s', (code) => {
    expect(isValidCreditCode(code)).toBe(true);
  });

  it.each(REAL_CODES)('rejects %s with any other check character', (code) => {
    for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
      if (c === code[17]) continue;
      expect(isValidCreditCode(code.slice(0, 17) + c)).toBe(false);
    }
  });

  it('computes check characters, including the 0 case', () => {
    expect(creditCodeCheckChar('91440300708461136')).toBe('T');
    expect(creditCodeCheckChar('9144030019220382')).toBeNull(); // 16 chars
  });

  it('refuses malformed codes: length, lower case, forbidden letters, unknown authority or kind', () => {
    expect(isValidCreditCode('91440300708461136')).toBe(false);
    expect(isValidCreditCode('91440300708461136t')).toBe(false);
    expect(isValidCreditCode('91440300708461I36T')).toBe(false); // I is not in the alphabet
    expect(isValidCreditCode('9144O300708461136T')).toBe(false); // region must be digits
    expect(isValidCreditCode('')).toBe(false);
    // authority 9 allows kinds 1, 2, 3 only
    const kind5 = '95440300708461136';
    expect(isValidCreditCode(kind5 + creditCodeCheckChar(kind5))).toBe(false);
    // placeholder seen in contract templates: S is not in the alphabet
    expect(isValidCreditCode('91110108MA01TEST1X')).toBe(false);
  });
});

describe('resident ID number (GB 11643-1999)', () => {
  it('accepts the standard example and numbers with an X check character', () => {
    expect(isValidIdCardNumber('11010519491231002X')).toBe(true); // example in GB 11643
    expect(isValidIdCardNumber('440524188001010014')).toBe(true); // example in GB 11643
    const x = '11010119900307' + '851';
    expect(idCardCheckChar(x)).toMatch(/[\dX]/);
    expect(isValidIdCardNumber(x + idCardCheckChar(x))).toBe(true);
  });

  it('rejects a wrong check character, an impossible date, a future birth and bad format', () => {
    expect(isValidIdCardNumber('110105194912310021')).toBe(false);
    const feb30 = '11010519900230123';
    expect(isValidIdCardNumber(feb30 + idCardCheckChar(feb30))).toBe(false);
    const future = '11010530000101123';
    expect(isValidIdCardNumber(future + idCardCheckChar(future))).toBe(false);
    expect(isValidIdCardNumber('11010519491231002x')).toBe(false);
    expect(isValidIdCardNumber('1101051949123100')).toBe(false);
  });
});
