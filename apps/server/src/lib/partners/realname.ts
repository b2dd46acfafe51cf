import crypto from 'node:crypto';
import { isValidCreditCode, isValidIdCardNumber } from '@aquamall/shared';

export interface EnterpriseIdentity {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  handlerName: string;
  handlerIdNo: string;
}

export type VerifyResult = { ok: true; ref: string } | { ok: false; ref: string; reason: string };

/** Enterprise real-name verification by a partner (docs/product/accounts.md#partner-services): does this company and handler exist as stated? */
export interface RealNameVerifier {
  readonly name: string;
  readonly sandbox: boolean;
  verify(identity: EnterpriseIdentity): Promise<VerifyResult>;
}

/**
 * Offline sandbox: accepts an identity whose credit code and ID number carry valid check digits, and refuses
 * one whose company or handler name matches the failing pattern (default `测试失败`, env
 * PARTNER_SANDBOX_FAIL_PATTERN), so both outcomes can be tried end to end.
 */
export class SandboxRealNameVerifier implements RealNameVerifier {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly failing: RegExp;
  constructor(failPattern = '测试失败') {
    this.failing = new RegExp(failPattern);
  }
  async verify(id: EnterpriseIdentity): Promise<VerifyResult> {
    const ref = `SBX-RN-${crypto.randomBytes(6).toString('hex')}`;
    if (!isValidCreditCode(id.creditCode)) return { ok: false, ref, reason: '统一社会信用代码核验不通过' };
    if (!isValidIdCardNumber(id.handlerIdNo)) return { ok: false, ref, reason: '经办人身份证号码核验不通过' };
    if (this.failing.test(id.companyName) || this.failing.test(id.handlerName)) {
      return { ok: false, ref, reason: '企业信息与工商登记信息不一致' };
    }
    return { ok: true, ref };
  }
}
