import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  CompanyType,
  isValidCreditCode,
  MERCHANT_AGREEMENT_VERSION,
  requiredDocumentFiles,
  MerchantStatus,
  merchantMachine,
  requiredMerchantDocuments,
  Side,
  type MerchantApplicationView,
  type MerchantDraftInput,
  type MerchantSubmitInput,
  type MyApplication,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, merchantApplications } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { fail, merchantErrors } from './messages.ts';
import { assertOwnUploads } from '../files/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { transition } from '../../lib/transition.ts';
import { MERCHANT_DOC, reviewActor, merchantHistory } from './history.ts';
import { areaNames } from '../enums/index.ts';

type Row = typeof merchantApplications.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toView(r: Row): MerchantApplicationView {
  return {
    id: r.id,
    status: r.status,
    shopType: r.shopType,
    shopName: r.shopName,
    companyName: r.companyName,
    creditCode: r.creditCode,
    legalPerson: r.legalPerson,
    contactName: r.contactName,
    contactPhone: r.contactPhone,
    contactEmail: r.contactEmail,
    area: r.area,
    areaName: r.areaName,
    address: r.address,
    mainBusiness: r.mainBusiness,
    threeInOne: r.threeInOne,
    documents: r.documents,
    step: r.status === MerchantStatus.NONE ? r.step : 0,
    agreementVersion: r.agreementVersion,
    agreementSignedAt: iso(r.agreementSignedAt),
    submittedAt: iso(r.submittedAt),
    decidedAt: iso(r.decidedAt),
    rejectReason: r.rejectReason,
  };
}

/** The business licence uploaded with the company's merchant application (its first picture), if any. */
export async function applicationLicense(db: Db, companyId: number): Promise<string | null> {
  const [a] = await db
    .select({ documents: merchantApplications.documents })
    .from(merchantApplications)
    .where(eq(merchantApplications.companyId, companyId));
  return a?.documents.license?.[0] ?? null;
}

/** The caller's application, or an empty form prefilled from the company (status 未申请). */
export async function getMyApplication(db: Db, companyId: number): Promise<MerchantApplicationView> {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.companyId, companyId));
  if (row) return toView(row);
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  // Shops opened before applications were recorded (demo data, imports) count as approved.
  const approved = c?.merchantStatus === MerchantStatus.APPROVED;
  return {
    id: null,
    status: approved ? MerchantStatus.APPROVED : MerchantStatus.NONE,
    shopType: approved ? (c?.shopType ?? null) : null,
    shopName: approved ? (c?.shopName ?? '') : '',
    companyName: c?.name ?? '',
    creditCode: c?.creditCode ?? '',
    legalPerson: c?.legalPerson ?? '',
    contactName: c?.contactName ?? '',
    contactPhone: c?.contactPhone ?? '',
    contactEmail: '',
    area: c?.provinceCode && c.cityCode ? [c.provinceCode, c.cityCode, ...(c.districtCode ? [c.districtCode] : [])] : [],
    areaName: c?.areaName ?? '',
    address: c?.address ?? '',
    mainBusiness: c?.mainBusiness ?? '',
    threeInOne: true,
    documents: {},
    step: 0,
    agreementVersion: null,
    agreementSignedAt: null,
    submittedAt: null,
    decidedAt: null,
    rejectReason: null,
  };
}

/** merchant/application: the caller's application (or the prefilled form) and its review history. */
export async function myApplication(db: Db, companyId: number): Promise<MyApplication> {
  const application = await getMyApplication(db, companyId);
  const history = application.id ? await merchantHistory(db, application.id) : [];
  return { application, history };
}

/** Who may apply: a supplier company's administrator, while the application is not pending or approved. */
async function assertMayEdit(db: Db, auth: AuthContext): Promise<Row | undefined> {
  if (auth.companyType !== CompanyType.SUPPLIER) throw fail('MERCHANT_BUYER_CANNOT_APPLY');
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.companyId, auth.companyId!));
  let status: number = row?.status ?? MerchantStatus.NONE;
  if (!row) {
    // Shops opened before applications were recorded count as approved (see getMyApplication).
    const [c] = await db.select({ merchantStatus: companies.merchantStatus }).from(companies).where(eq(companies.id, auth.companyId!));
    if (c?.merchantStatus === MerchantStatus.APPROVED) status = MerchantStatus.APPROVED;
  }
  // Editing a draft is allowed where submitting is (the state table's `submit`).
  const refusal = merchantMachine.refusal('submit', status, undefined, 'seller');
  if (refusal) throw conflict(refusal);
  return row;
}

/** Saves the form as a draft (status stays 未申请, or 已驳回 until resubmitted). */
export async function saveDraft(db: Db, auth: AuthContext, input: MerchantDraftInput): Promise<MerchantApplicationView> {
  await assertMayEdit(db, auth);
  // A draft's area is kept with its names when they resolve; a half-picked one is kept as codes only.
  const names = input.area?.length ? areaNames(input.area) : null;
  const values = { ...input, ...(input.area ? { areaName: names?.join(' ') ?? '' } : {}), updatedAt: new Date() };
  const [row] = await db
    .insert(merchantApplications)
    .values({ companyId: auth.companyId!, ...values })
    .onConflictDoUpdate({
      target: merchantApplications.companyId,
      set: values,
      // A draft never overwrites an application submitted (or decided) since the check above.
      setWhere: sql`${merchantApplications.status} in (${MerchantStatus.NONE}, ${MerchantStatus.REJECTED})`,
    })
    .returning();
  if (!row) throw fail('MERCHANT_APPLICATION_MOVED');
  return toView(row);
}

/**
 * Checks what the client cannot be trusted with: the check digit, that every required document is given, and
 * that every document is a file this company uploaded (not another company's, not a made-up path).
 */
async function assertComplete(app: FastifyInstance, companyId: number, input: MerchantSubmitInput): Promise<void> {
  if (!isValidCreditCode(input.creditCode)) throw fail('MERCHANT_CREDIT_CODE_INVALID');
  if (!areaNames(input.area)) throw fail('MERCHANT_AREA_INVALID');
  if (input.agreement.version !== MERCHANT_AGREEMENT_VERSION) throw fail('MERCHANT_AGREEMENT_OUTDATED');
  for (const kind of requiredMerchantDocuments(input.shopType, input.threeInOne)) {
    const files = requiredDocumentFiles(kind).safeParse(input.documents[kind] ?? []);
    if (!files.success) throw files.error.issues[0] ? fail('MERCHANT_DOCUMENT_MISSING', { rule: files.error.issues[0].message }) : fail('MERCHANT_DOCUMENT_GONE');
  }
  const paths = Object.values(input.documents).flatMap((p) => p ?? []);
  for (const key of await assertOwnUploads(app.db, companyId, paths, merchantErrors.MERCHANT_DOCUMENT_GONE.message)) {
    if (!(await app.storage.exists(key))) throw fail('MERCHANT_DOCUMENT_GONE');
  }
}

/** Signs the agreement and submits: 未申请/已驳回 → 待审核. */
export async function submitApplication(
  app: FastifyInstance,
  auth: AuthContext,
  input: MerchantSubmitInput,
  ip: string,
): Promise<MerchantApplicationView> {
  await assertMayEdit(app.db, auth);
  await assertComplete(app, auth.companyId!, input);
  const { agreement, ...form } = input;
  const now = new Date();
  const values = {
    ...form,
    areaName: areaNames(form.area)!.join(' '),
    status: MerchantStatus.PENDING,
    agreementVersion: agreement.version,
    agreementSignedAt: now,
    agreementIp: ip.slice(0, 64),
    submittedAt: now,
    decidedAt: null,
    decidedBy: null,
    updatedAt: now,
  };
  return app.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: merchantApplications.status })
      .from(merchantApplications)
      .where(eq(merchantApplications.companyId, auth.companyId!))
      .for('update');
    const [row] = await tx
      .insert(merchantApplications)
      .values({ companyId: auth.companyId!, ...values })
      .onConflictDoUpdate({
        target: merchantApplications.companyId,
        set: values,
        // A concurrent submit or decision must not be overwritten.
        setWhere: sql`${merchantApplications.status} in (${MerchantStatus.NONE}, ${MerchantStatus.REJECTED})`,
      })
      .returning();
    if (!row) throw fail('MERCHANT_APPLICATION_MOVED');
    await tx.update(companies).set({ merchantStatus: MerchantStatus.PENDING, updatedAt: now }).where(eq(companies.id, auth.companyId!));
    // The row is written first (a first submission has no id before it); the runner guards the state it came from.
    await transition(tx, {
      machine: merchantMachine,
      action: 'submit',
      docType: MERCHANT_DOC,
      docId: row.id,
      from: before?.status ?? MerchantStatus.NONE,
      actor: await reviewActor(tx, auth.userId, Side.SELLER),
      now,
    });
    return toView(row);
  });
}
