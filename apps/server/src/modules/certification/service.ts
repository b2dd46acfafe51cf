import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CertStatus, SMS_RESEND_S, Side, isValidCreditCode, isValidIdCardNumber, maskPhone, type CertificationInput } from '@aquamall/shared';
import { certifications, companies, users } from '../../db/schema/index.ts';
import { certificationErrors, fail } from './messages.ts';
import { escapeLike } from '../../lib/sql.ts';
import { partnersOf } from '../../lib/partners/index.ts';
import { SERVICE_AGREEMENT_TERMS } from '../../lib/partners/esign.ts';
import { requireSms } from '../../lib/providers/availability.ts';
import { CODE_TTL_MIN, checkCode, issueCode } from '../codes/index.ts';
import { forgetSessions, type AuthContext } from '../auth/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { notifyDecision } from '../notifications/index.ts';
import { applicationLicense, CERTIFICATION_DOC, recordReview, reviewHistory } from '../merchant/index.ts';
import { assertOwnUploads } from '../files/index.ts';
import { PRIVATE_PREFIX } from '../files/index.ts';
import { sendDownload } from '../../lib/download.ts';

const MSG_NO_LICENSE = certificationErrors.CERT_LICENSE_GONE.message;

type Row = typeof certifications.$inferSelect;
const maskId = (id: string) => (id.length === 18 ? `${id.slice(0, 4)}**********${id.slice(14)}` : id);

/** What the company sees (the handler's ID number masked). */
export const toView = (r: Row, full = false) => ({
  id: r.id,
  status: r.status,
  companyName: r.companyName,
  creditCode: r.creditCode,
  legalPerson: r.legalPerson,
  licenseImage: r.licenseImage,
  handlerName: r.handlerName,
  handlerIdNo: full ? r.handlerIdNo : maskId(r.handlerIdNo),
  handlerPhone: r.handlerPhone,
  verifyRef: r.verifyRef,
  verifiedAt: r.verifiedAt?.toISOString() ?? null,
  contractSigned: !!r.contractKey,
  contractSignedAt: r.contractSignedAt?.toISOString() ?? null,
  submittedAt: r.submittedAt?.toISOString() ?? null,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  rejectReason: r.rejectReason,
});

/** The business licence uploaded with the company's merchant application (its first picture), if any. */
export const entryLicense = (app: FastifyInstance, companyId: number): Promise<string | null> => applicationLicense(app.db, companyId);

export async function myCertification(app: FastifyInstance, companyId: number) {
  const [row] = await app.db.select().from(certifications).where(eq(certifications.companyId, companyId));
  const license = await entryLicense(app, companyId);
  if (row) return { ...toView(row), entryLicense: license, history: await reviewHistory(app.db, CERTIFICATION_DOC, row.id) };
  const [c] = await app.db.select().from(companies).where(eq(companies.id, companyId));
  // Companies certified before certifications were recorded (demo data, imports) show as certified.
  const status = c?.certStatus === CertStatus.CERTIFIED ? CertStatus.CERTIFIED : CertStatus.NONE;
  return {
    id: null,
    status,
    companyName: c?.name ?? '',
    creditCode: c?.creditCode ?? '',
    legalPerson: c?.legalPerson ?? '',
    contractSigned: false,
    entryLicense: license,
    history: [],
  };
}

/** The certification row, created from the company for one certified before rows were recorded. */
async function certifiedRow(app: FastifyInstance, companyId: number): Promise<Row | undefined> {
  const [row] = await app.db.select().from(certifications).where(eq(certifications.companyId, companyId));
  if (row) return row;
  const [c] = await app.db.select().from(companies).where(eq(companies.id, companyId));
  if (c?.certStatus !== CertStatus.CERTIFIED) return undefined;
  const [created] = await app.db
    .insert(certifications)
    .values({ companyId, status: CertStatus.CERTIFIED, companyName: c.name, creditCode: c.creditCode ?? '', legalPerson: c.legalPerson ?? '', licenseImage: '', handlerName: c.contactName ?? '', handlerIdNo: '', handlerPhone: c.contactPhone ?? '' })
    .onConflictDoNothing()
    .returning();
  return created ?? (await app.db.select().from(certifications).where(eq(certifications.companyId, companyId)))[0];
}

/**
 * Submits the certification: the check digits are verified here, then the partner's real-name verification.
 * A partner refusal ends in 未通过 with its reason; a pass goes to 审核中 for the platform.
 */
export async function submitCertification(app: FastifyInstance, auth: AuthContext, input: CertificationInput) {
  if (!isValidCreditCode(input.creditCode)) throw fail('CERT_CREDIT_CODE_INVALID');
  if (!isValidIdCardNumber(input.handlerIdNo)) throw fail('CERT_ID_NUMBER_INVALID');
  const companyId = auth.companyId!;
  // The licence uploaded at merchant entry is reused when none is given (not asked for again).
  const licenseImage = input.licenseImage || (await entryLicense(app, companyId));
  if (!licenseImage) throw fail('CERT_LICENSE_REQUIRED');
  input = { ...input, licenseImage };
  // The licence must be a picture this company uploaded (not another company's, not a made-up path).
  const [key] = await assertOwnUploads(app.db, companyId, [licenseImage], MSG_NO_LICENSE);
  if (!(await app.storage.exists(key!))) throw fail('CERT_LICENSE_GONE');
  const [existing] = await app.db.select().from(certifications).where(eq(certifications.companyId, companyId));
  if (existing?.status === CertStatus.REVIEWING) throw fail('CERT_UNDER_REVIEW');
  if (existing?.status === CertStatus.CERTIFIED) throw fail('CERT_ALREADY_CERTIFIED');

  const verdict = await partnersOf(app).realName.verify(input);
  const now = new Date();
  const status = verdict.ok ? CertStatus.REVIEWING : CertStatus.FAILED;
  const values = {
    ...input,
    status,
    verifyRef: verdict.ref,
    verifiedAt: verdict.ok ? now : null,
    submittedAt: now,
    decidedAt: verdict.ok ? null : now,
    decidedBy: null,
    rejectReason: verdict.ok ? null : `实名核验未通过：${verdict.reason}`,
    updatedAt: now,
  };
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(certifications)
      .values({ companyId, ...values })
      .onConflictDoUpdate({
        target: certifications.companyId,
        set: values,
        setWhere: sql`${certifications.status} in (${CertStatus.NONE}, ${CertStatus.FAILED})`,
      })
      .returning();
    if (!row) throw fail('CERT_STATUS_MOVED');
    await tx.update(companies).set({ certStatus: status, updatedAt: now }).where(eq(companies.id, companyId));
    await recordReview(tx, {
      doc: CERTIFICATION_DOC,
      id: row.id,
      action: verdict.ok ? 'submit' : 'verify_fail',
      fromStatus: existing?.status ?? CertStatus.NONE,
      toStatus: status,
      side: Side.SELLER,
      userId: auth.userId,
      reason: verdict.ok ? null : verdict.reason,
      now,
    });
    return toView(row);
  });
}

/** The certified, not yet signed row of the company (the refusals of signing otherwise). */
async function signableRow(app: FastifyInstance, companyId: number) {
  const row = await certifiedRow(app, companyId);
  if (!row || row.status !== CertStatus.CERTIFIED) throw fail('AGREEMENT_BEFORE_CERTIFIED');
  if (row.contractKey) throw fail('AGREEMENT_ALREADY_SIGNED');
  return row;
}

/** The agreement as the signer reads it before signing: the platform as party A, the company as party B, the terms. */
export async function agreementToSign(app: FastifyInstance, auth: AuthContext) {
  const row = await certifiedRow(app, auth.companyId!);
  if (!row || row.status !== CertStatus.CERTIFIED) throw fail('AGREEMENT_BEFORE_CERTIFIED');
  return {
    title: '平台商家服务协议',
    parties: [
      ['甲方', 'B2B企业服务平台'],
      ['乙方', row.companyName],
      ['统一社会信用代码', row.creditCode],
      ['法定代表人', row.legalPerson],
      ['经办人', row.handlerName],
    ] as [string, string][],
    terms: SERVICE_AGREEMENT_TERMS,
  };
}

/** The code target of the agreement signature: the signer's phone and the company (it signs this agreement only). */
const agreementCodeTarget = (phone: string, companyId: number) => `${phone}#CERT${companyId}`;

async function signerPhone(app: FastifyInstance, userId: number): Promise<string> {
  const [u] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  if (!u?.phone) throw fail('AGREEMENT_NO_PHONE');
  return u.phone;
}

/** Sends the will-confirmation code (意愿认证) to the signer's own phone on file (docs/decisions/0208-order-contracts.md). */
export async function sendAgreementCode(app: FastifyInstance, auth: AuthContext, ip: string) {
  await signableRow(app, auth.companyId!);
  const phone = await signerPhone(app, auth.userId);
  const sms = requireSms(app);
  const code = await issueCode(app.db, { channel: 'sms', target: agreementCodeTarget(phone, auth.companyId!), purpose: 'sign', ip });
  await sms.sendCode(phone, code, CODE_TTL_MIN);
  return { resendSeconds: SMS_RESEND_S, phone: maskPhone(phone) };
}

/**
 * The company signs the service agreement once certified, after reading it and confirming with the SMS code sent
 * to the signer's phone; the sandbox returns a signed PDF kept in storage.
 */
export async function signContract(app: FastifyInstance, auth: AuthContext, code: string) {
  const row = await signableRow(app, auth.companyId!);
  const phone = await signerPhone(app, auth.userId);
  if (!(await checkCode(app.db, { channel: 'sms', target: agreementCodeTarget(phone, row.companyId), purpose: 'sign', code }))) throw fail('AGREEMENT_CODE_WRONG');
  const signed = await partnersOf(app).esign.signServiceAgreement(row);
  // Private: served only by /api/certification/contract (the company) and the console (the platform).
  const key = `${PRIVATE_PREFIX}contracts/${row.companyId}/${signed.ref}.pdf`;
  await app.storage.put(key, signed.pdf, 'application/pdf');
  const [after] = await app.db
    .update(certifications)
    .set({ contractKey: key, contractSignedAt: signed.signedAt, updatedAt: new Date() })
    .where(and(eq(certifications.id, row.id), sql`${certifications.contractKey} is null`))
    .returning();
  if (!after) throw fail('AGREEMENT_ALREADY_SIGNED');
  await recordReview(app.db, { doc: CERTIFICATION_DOC, id: row.id, action: 'sign', fromStatus: after.status, toStatus: after.status, side: Side.SELLER, userId: auth.userId });
  return toView(after);
}

/** Sends a signed contract as a private PDF download. */
export const sendContract = (reply: FastifyReply, { body, filename }: { body: Buffer; filename: string }) =>
  sendDownload(reply, body, 'contract.pdf', filename, { type: 'application/pdf', privateCopy: true });

/** The signed contract of a company (by company, for its users), or of a certification (by id, for the console). */
export async function contractFile(app: FastifyInstance, by: { companyId: number } | { id: number }) {
  const [row] = await app.db
    .select()
    .from(certifications)
    .where('id' in by ? eq(certifications.id, by.id) : eq(certifications.companyId, by.companyId));
  if (!row?.contractKey) throw fail('AGREEMENT_NOT_SIGNED');
  const body = await app.storage.get(row.contractKey);
  if (!body) throw fail('AGREEMENT_FILE_NOT_FOUND');
  return { body, filename: `平台商家服务协议-${row.companyName}.pdf` };
}

export async function listCertifications(app: FastifyInstance, q: { status?: number; keyword?: string; pageIndex: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(certifications.status, q.status));
  if (q.keyword) conds.push(or(ilike(certifications.companyName, `%${escapeLike(q.keyword)}%`), ilike(certifications.creditCode, `%${escapeLike(q.keyword)}%`))!);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    app.db.select().from(certifications).where(where).orderBy(desc(certifications.submittedAt)).limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize),
    app.db.select({ n: count() }).from(certifications).where(where),
  ]);
  return { list: rows.map((r) => ({ ...toView(r), companyId: r.companyId })), total: total?.n ?? 0 };
}

export async function certificationDetail(app: FastifyInstance, id: number) {
  const [row] = await app.db.select().from(certifications).where(eq(certifications.id, id));
  if (!row) throw fail('CERT_NOT_FOUND');
  return { certification: { ...toView(row, true), companyId: row.companyId }, history: await reviewHistory(app.db, CERTIFICATION_DOC, id, true) };
}

/** The platform decides a 审核中 certification (same guarantees as the merchant review). */
export async function decideCertification(app: FastifyInstance, actor: AuditActor, id: number, decision: { approve: true } | { approve: false; reason: string }) {
  const now = new Date();
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(certifications).where(eq(certifications.id, id));
    if (!before) throw fail('CERT_NOT_FOUND');
    const status = decision.approve ? CertStatus.CERTIFIED : CertStatus.FAILED;
    const reason = decision.approve ? null : decision.reason;
    const [after] = await tx
      .update(certifications)
      .set({ status, decidedAt: now, decidedBy: actor.userId, rejectReason: reason, updatedAt: now })
      .where(and(eq(certifications.id, id), eq(certifications.status, CertStatus.REVIEWING)))
      .returning();
    if (!after) throw fail('CERT_NOT_UNDER_REVIEW');
    forgetSessions({ companyIds: [after.companyId] }); // the caller's company name
    await tx
      .update(companies)
      .set(decision.approve ? { certStatus: status, name: after.companyName, creditCode: after.creditCode, legalPerson: after.legalPerson, updatedAt: now } : { certStatus: status, updatedAt: now })
      .where(eq(companies.id, after.companyId));
    await recordReview(tx, { doc: CERTIFICATION_DOC, id, action: decision.approve ? 'approve' : 'reject', fromStatus: CertStatus.REVIEWING, toStatus: status, side: Side.PLATFORM, userId: actor.userId, reason, now });
    await recordAudit(tx, actor, {
      action: decision.approve ? 'certification.approve' : 'certification.reject',
      targetType: 'certification',
      targetId: id,
      before: { status: before.status },
      after: { status: after.status, rejectReason: reason, companyId: after.companyId },
    });
    await notifyDecision(app, tx, after.companyId, decision.approve
      ? { type: 'cert_review', title: '企业认证已通过', content: '请在企业认证页面签署平台服务协议。', linkPath: '/customer/authentication/detail' }
      : { type: 'cert_review', title: '企业认证未通过', content: `原因：${decision.reason}。请修改后重新提交。`, linkPath: '/customer/authentication/edit' });
    return toView(after);
  });
}
