import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import zlib from 'node:zlib';
import { SandboxSmallDeposit } from './bank.ts';
import { SandboxContractSigner } from './esign.ts';
import { SandboxRealNameVerifier } from './realname.ts';

const identity = { companyName: '深圳市腾讯计算机系统有限公司', creditCode: '91440300708461136T', legalPerson: '马化腾', handlerName: '李明', handlerIdNo: '11010519491231002X' };

describe('real-name verification sandbox', () => {
  it('accepts valid check digits and refuses bad ones or the failing pattern', async () => {
    const v = new SandboxRealNameVerifier();
    expect(await v.verify(identity)).toMatchObject({ ok: true });
    expect(await v.verify({ ...identity, creditCode: '91440300708461136A' })).toMatchObject({ ok: false, reason: '统一社会信用代码核验不通过' });
    expect(await v.verify({ ...identity, handlerIdNo: '110105194912310021' })).toMatchObject({ ok: false });
    expect(await v.verify({ ...identity, handlerName: '测试失败' })).toMatchObject({ ok: false, reason: '企业信息与工商登记信息不一致' });
    expect(await new SandboxRealNameVerifier('^拒绝').verify({ ...identity, companyName: '拒绝公司' })).toMatchObject({ ok: false });
  });
});

describe('e-sign sandbox', () => {
  it('returns a one-page PDF; with a system CJK font the embedded subset is a valid CFF', async () => {
    const signed = await new SandboxContractSigner().signServiceAgreement(identity);
    expect(signed.ref).toMatch(/^SBX-ES-/);
    const doc = await PDFDocument.load(signed.pdf);
    expect(doc.getPageCount()).toBe(1);
    // The Chinese agreement needs the CJK font (fonts-noto-cjk, installed by `npm test`): without it the PDF
    // would carry no Chinese text, so its absence is a failure, not a reason to skip.
    expect(fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'), 'fonts-noto-cjk is not installed').toBe(true);
    const cff = [...doc.context.enumerateIndirectObjects()]
      .map(([, o]) => o)
      .find((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype'))?.toString() === '/CIDFontType0C');
    expect(cff).toBeDefined();
    const header = zlib.inflateSync(cff!.contents).subarray(0, 4);
    // major 1, minor 0, header size 4, offSize 1–4 (pdf-lib's own fontkit fork wrote 27 here: blank text).
    expect([header[0], header[1], header[2]]).toEqual([1, 0, 4]);
    expect(header[3]).toBeGreaterThanOrEqual(1);
    expect(header[3]).toBeLessThanOrEqual(4);
  });
});

describe('small-deposit sandbox', () => {
  it('pays between 0.01 and 0.99 yuan', async () => {
    for (let i = 0; i < 20; i++) {
      const { amountFen } = await new SandboxSmallDeposit().sendDeposit();
      expect(amountFen).toBeGreaterThanOrEqual(1);
      expect(amountFen).toBeLessThanOrEqual(99);
    }
  });
});
