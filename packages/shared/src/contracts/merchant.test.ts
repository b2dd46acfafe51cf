import { describe, expect, it } from 'vitest';
import { CONTACT_PHONE_RE, merchantSubmitInput, requiredMerchantDocuments } from './merchant.ts';

describe('documents each shop type must upload (docs/product/merchants.md#shop-types-and-documents)', () => {
  it('licence always; tax and organisation code unless 三证合一; production licence for manufacturers; brand authorisation for dealers', () => {
    expect(requiredMerchantDocuments(1, true)).toEqual(['license', 'productionLicense']);
    expect(requiredMerchantDocuments(2, true)).toEqual(['license', 'brandAuthorization']);
    expect(requiredMerchantDocuments(3, true)).toEqual(['license']);
    expect(requiredMerchantDocuments(3, false)).toEqual(['license', 'taxRegistration', 'orgCode']);
    expect(requiredMerchantDocuments(1, false)).toEqual(['license', 'taxRegistration', 'orgCode', 'productionLicense']);
  });
});

describe('merchant submit input', () => {
  it('needs the agreement and upper-cases the credit code', () => {
    const base = {
      shopType: 3, shopName: '测试店铺', companyName: '测试环保有限公司', creditCode: '91350100m000100y43', legalPerson: '林海',
      contactName: '陈静', contactPhone: '13905910001', area: [350000, 350100, 350102], address: '福建省福州市鼓楼区', threeInOne: true, documents: { license: ['a.png'] },
    };
    expect(merchantSubmitInput.safeParse({ ...base, agreement: { version: '2026.1', agreed: false } }).success).toBe(false);
    const ok = merchantSubmitInput.parse({ ...base, agreement: { version: '2026.1', agreed: true } });
    expect(ok.creditCode).toBe('91350100M000100Y43');
    // The check character is the form's and the server's rule (GB 32100).
    const wrong = merchantSubmitInput.safeParse({ ...base, creditCode: '91350100M000100Y44', agreement: { version: '2026.1', agreed: true } });
    expect(wrong.error?.issues[0]?.message).toBe('统一社会信用代码不正确，请核对后重新输入');
    const noArea = merchantSubmitInput.safeParse({ ...base, area: [], agreement: { version: '2026.1', agreed: true } });
    expect(noArea.error?.issues[0]?.message).toBe('请选择所在地区');
  });

  it('contact phones: mobile, landline with area code, 400 numbers', () => {
    for (const p of ['13905910001', '0510-87061234', '051087061234', '021-12345678-123', '400-820-2026']) expect(CONTACT_PHONE_RE.test(p)).toBe(true);
    for (const p of ['12345', '1390591000', '87061234']) expect(CONTACT_PHONE_RE.test(p)).toBe(false);
  });
});
