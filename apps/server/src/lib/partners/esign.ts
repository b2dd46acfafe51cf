import crypto from 'node:crypto';
import { loadPdfLib } from '../lazy.ts';
import { loadDocumentFont } from './pdf-font.ts';

export interface SigningParty {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  handlerName: string;
}

export interface SignedContract {
  ref: string;
  signedAt: Date;
  pdf: Buffer;
}

/** A signer of a document: the person acting for a company, confirmed by an SMS code to their own phone. */
export interface DocumentSigner {
  companyName: string;
  creditCode: string;
  name: string;
  phone: string;
}

/** Where on the document a seal goes (PDF points, origin bottom-left; page 0-based), as signing services take it. */
export interface SealField {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A signing flow opened with the partner for one document and its signers (e签宝/法大大: 签署流程). */
export interface SignFlow {
  flowRef: string;
}

export interface SealRequest {
  flowRef: string;
  /** The document as it stands (with the seals applied so far). */
  pdf: Buffer;
  signer: DocumentSigner;
  field: SealField;
  /** The will confirmation (意愿认证) the platform checked before asking for the seal. */
  willingness: { method: 'sms'; phone: string; confirmedAt: Date };
}

export interface Sealed {
  /** The partner's reference of this seal. */
  ref: string;
  sealedAt: Date;
  /** The document with the seal applied. */
  pdf: Buffer;
}

/**
 * Electronic signing by a partner (docs/product/accounts.md#partner-services): the platform service agreement of a
 * certified merchant, and documents of two companies (order contracts, docs/decisions/0208-order-contracts.md) —
 * a flow is opened for the document and its signers, then each signer's company seal is applied after the signer
 * confirmed by SMS code.
 */
export interface ContractSigner {
  readonly name: string;
  readonly sandbox: boolean;
  signServiceAgreement(party: SigningParty): Promise<SignedContract>;
  openFlow(input: { title: string; pdf: Buffer; signers: DocumentSigner[] }): Promise<SignFlow>;
  seal(req: SealRequest): Promise<Sealed>;
}

/** The terms of the platform service agreement, shown to the signer before signing and printed in the signed copy. */
export const SERVICE_AGREEMENT_TERMS = [
  '一、乙方应向甲方提供营业执照、税务登记证、组织机构代码证等证明材料，并保证其真实、合法、有效。',
  '二、甲方有权根据平台经营需要调整商家入驻条件，并在平台公示。',
  '三、任何一方解除本协议，应提前一个月书面通知对方。',
  '四、因不可抗力导致协议无法履行持续达30日的，任何一方可提前解除协议；受影响方应在15日内提供证明。',
  '五、乙方联系方式等信息发生变更的，应在10日内上传更新。',
  '六、乙方泄露平台信息的，应支付违约金人民币100000元；提供虚假资料的，应支付违约金人民币10000元。',
];
const TERMS_EN = [
  '1. Party B provides its business licence, tax registration and organisation code certificates, true and valid.',
  '2. Party A may change the entry conditions of the platform and publishes such changes.',
  '3. Either party may terminate this agreement with one month of written notice.',
  '4. Force majeure lasting 30 days allows early termination; evidence is due within 15 days.',
  '5. Party B uploads changes of its contact details within 10 days.',
  '6. Penalties: CNY 100000 for leaking platform information, CNY 10000 for false documents.',
];

/**
 * Offline sandbox: produces a PDF of the service agreement with both parties' details, the signing time and a
 * reference, as a real e-signing service would return it (without the PKI signature a real service embeds).
 */
export class SandboxContractSigner implements ContractSigner {
  readonly name = 'sandbox';
  readonly sandbox = true;

  async signServiceAgreement(party: SigningParty): Promise<SignedContract> {
    const ref = `SBX-ES-${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    const signedAt = new Date();
    return { ref, signedAt, pdf: await this.agreement(party, { ref, signedAt }) };
  }

  async openFlow(input: { title: string; pdf: Buffer; signers: DocumentSigner[] }): Promise<SignFlow> {
    if (!input.pdf.length || !input.signers.length) throw new Error('a flow needs a document and signers');
    return { flowRef: `SBX-FLOW-${crypto.randomBytes(6).toString('hex').toUpperCase()}` };
  }

  /**
   * Draws the company seal (a red ring with the company name and a star, as a 公章 looks) in the field, with the
   * signer, the time and the reference under it, and records the seal in the PDF keywords (`seal:<ref>`). A real
   * service embeds a PKI signature as well.
   */
  async seal(req: SealRequest): Promise<Sealed> {
    if (!req.flowRef.startsWith('SBX-FLOW-')) throw new Error('unknown signing flow');
    const ref = `SBX-SEAL-${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    const sealedAt = new Date();
    const { PDFDocument, rgb, degrees } = await loadPdfLib();
    const doc = await PDFDocument.load(req.pdf);
    const { font, cjk } = await loadDocumentFont(doc);
    const safe = (s: string) => (cjk ? s : s.replace(/[^\x20-\x7e]/g, '?'));
    const page = doc.getPage(Math.min(req.field.page, doc.getPageCount() - 1));
    const red = rgb(0.82, 0.1, 0.1);
    const r = Math.min(req.field.width, req.field.height) * 0.36;
    const cx = req.field.x + req.field.width - r - 10;
    const cy = req.field.y + req.field.height / 2 + 4;
    page.drawCircle({ x: cx, y: cy, size: r, borderColor: red, borderWidth: 2, opacity: 0, borderOpacity: 0.85 });
    // The company name around the upper arc, one character at a time.
    const name = safe(req.signer.companyName).slice(0, 16);
    const n = name.length;
    const size = Math.max(5, Math.min(8, (r * 2.6) / Math.max(n, 1)));
    for (let i = 0; i < n; i++) {
      const a = Math.PI * (0.95 - (0.9 * (i + 0.5)) / n) + 0.0;
      const px = cx + (r - size - 1) * Math.cos(a);
      const py = cy + (r - size - 1) * Math.sin(a);
      page.drawText(name[i]!, { x: px - size / 2, y: py - size / 2, size, font, color: red, rotate: degrees(((a - Math.PI / 2) * 180) / Math.PI) });
    }
    page.drawText(safe('★'), { x: cx - 6, y: cy - 5, size: 12, font, color: red });
    page.drawText(safe('电子签章'), { x: cx - 14, y: cy - r + 6, size: 6, font, color: red });
    const when = sealedAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
    const ink = rgb(0.1, 0.1, 0.1);
    // The signer and the time beside the box's 经办人 / 日期 labels (trade-papers/papers.ts draws them), the reference under.
    page.drawText(safe(req.signer.name), { x: req.field.x + 44, y: req.field.y + 30, size: 8, font, color: ink });
    page.drawText(when, { x: req.field.x + 34, y: req.field.y + 12, size: 7, font, color: ink });
    page.drawText(safe(`签章编号 ${ref}`), { x: req.field.x + 8, y: req.field.y + 3, size: 5, font, color: ink });
    const keywords = [doc.getKeywords() ?? '', `seal:${ref}`].filter(Boolean).join(' ');
    doc.setKeywords([keywords]);
    doc.setModificationDate(sealedAt);
    return { ref, sealedAt, pdf: Buffer.from(await doc.save()) };
  }

  /** The service agreement with both parties' details; signed (`ref`, time) or as a preview to read. */
  private async agreement(party: SigningParty, signed: { ref: string; signedAt: Date } | null): Promise<Buffer> {
    const ref = signed?.ref ?? '（签署后生成）';
    const signedAt = signed?.signedAt ?? new Date();
    const { PDFDocument, rgb } = await loadPdfLib();
    const doc = await PDFDocument.create();
    doc.setTitle(signed ? `Service agreement ${ref}` : 'Service agreement (preview)');
    doc.setProducer('AquaMall e-sign sandbox');
    doc.setCreationDate(signedAt);
    const { font, cjk } = await loadDocumentFont(doc);
    const page = doc.addPage([595, 842]);
    let y = 780;
    const line = (text: string, size = 11, gap = 20) => {
      page.drawText(text, { x: 50, y, size, font, color: rgb(0.1, 0.1, 0.1), maxWidth: 495, lineHeight: size + 4 });
      y -= gap;
    };
    const when = signedAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
    if (cjk) {
      line(signed ? '平台商家服务协议（电子签署件）' : '平台商家服务协议（待签署）', 18, 36);
      line('甲方：B2B企业服务平台');
      line(`乙方：${party.companyName}`);
      line(`统一社会信用代码：${party.creditCode}`);
      line(`法定代表人：${party.legalPerson}    经办人：${party.handlerName}`, 11, 30);
      for (const t of SERVICE_AGREEMENT_TERMS) line(t, 10, 34);
      y -= 10;
      line(signed ? `签署时间：${when}` : '签署时间：（签署后生成）');
      line(`签署编号：${ref}`);
      line('本文件由电子签约沙箱生成，仅用于测试与演示。', 9);
    } else {
      line('Platform merchant service agreement (e-signed copy)', 16, 36);
      line('Party A: B2B enterprise service platform (AquaMall)');
      line(`Party B credit code: ${party.creditCode}`, 11, 30);
      for (const t of TERMS_EN) line(t, 10, 30);
      line(signed ? `Signed at: ${when}` : 'Not signed yet (preview)');
      line(`Reference: ${signed ? ref : '-'}`);
      line('Generated by the offline e-sign sandbox (no CJK font found on this machine).', 9);
    }
    return Buffer.from(await doc.save());
  }
}
