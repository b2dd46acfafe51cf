import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  CertStatus,
  CompanyType,
  EnquiryStatus,
  EnquiryVisibility,
  MerchantStatus,
  QuotationStatus,
  quotationMachine,
  type QuotationState,
  Side,
  QUOTE_UNCHANGED,
  QUOTE_VALID_DAYS_MAX,
  type QuoteSubmitResult,
  type VersionChange,
  type quoteSubmitInput,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  companies,
  enquiries,
  enquiryInvitations,
  enquiryItems,
  quotationLines,
  quotations,
  quotationVersions,
} from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { claimIdempotencyKey } from '../../lib/idempotency.ts';
import { requestHash } from '../buying/index.ts';
import { assertOwnUploads } from '../files/index.ts';
import { notify } from '../notifications/index.ts';
import { recordFact } from '../events/index.ts';
import { recordHistory, transition, type TransitionActor } from '../../lib/transition.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { chinaToday, endOfChinaDay } from './common.ts';
import { QUOTATION_DOC } from './decide.ts';
import { mayReadOffer } from './sealed.ts';
import { fail, quotationsErrors } from './messages.ts';

type SubmitInput = z.output<typeof quoteSubmitInput>;
type Enquiry = typeof enquiries.$inferSelect;
type Quotation = typeof quotations.$inferSelect;

export const QUOTE_SCOPE = 'quotation';

const supplierActor = async (db: Db, caller: Caller): Promise<TransitionActor> => ({
  side: Side.SELLER,
  userId: caller.userId,
  userName: await callerName(db, caller.userId),
});

/**
 * Why the caller's company may not quote on this enquiry now, or null. The order is the one a supplier acts
 * on: who it is (supplier, approved, certified), then the enquiry (own, invitation, status, deadline).
 */
export async function quoteRefusal(
  db: Db,
  caller: Caller,
  e: Enquiry,
  now = new Date(),
): Promise<string | null> {
  if (caller.companyType !== CompanyType.SUPPLIER) return '仅供应商可以报价，请使用供应商账号登录';
  if (e.companyId === caller.companyId) return '不能对本公司发布的询价报价';
  const [c] = await db
    .select({ certStatus: companies.certStatus, merchantStatus: companies.merchantStatus })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  if (c?.merchantStatus !== MerchantStatus.APPROVED) return '商家入驻审核通过后才能报价';
  if (c?.certStatus !== CertStatus.CERTIFIED) return '企业认证通过后才能报价';
  if (e.status === EnquiryStatus.DEAL) return '该询价已成交，不能再报价';
  if (e.status === EnquiryStatus.REVOKED) return '该询价已撤销';
  if (e.status !== EnquiryStatus.QUOTING || e.deadline.getTime() <= now.getTime())
    return '该询价已截止，不能再报价';
  return null;
}

/**
 * The enquiry a supplier may see: published (not a draft), and for an invitation-only one, the caller invited
 * (or already quoting). Others get 询价不存在或未邀请贵公司报价 — the same as a made-up number.
 */
export async function visibleEnquiry(
  db: Db,
  caller: Caller,
  enquiryId: number,
  lock = false,
): Promise<Enquiry> {
  const q = db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  const [e] = lock ? await q.for('update') : await q;
  if (!e || e.status === EnquiryStatus.DRAFT) throw fail('QUOTATION_ENQUIRY_NOT_FOUND');
  if (e.visibility === EnquiryVisibility.INVITED && e.companyId !== caller.companyId) {
    const [inv] = await db
      .select({ id: enquiryInvitations.id })
      .from(enquiryInvitations)
      .where(
        and(
          eq(enquiryInvitations.enquiryId, e.id),
          eq(enquiryInvitations.supplierCompanyId, caller.companyId),
        ),
      );
    if (!inv) throw fail('QUOTATION_ENQUIRY_NOT_FOUND');
  }
  return e;
}

/** Keeps `enquiries.offer_count` equal to the live (not withdrawn) offers, inside the caller's transaction. */
export async function recountOffers(db: Db, enquiryId: number): Promise<void> {
  await db
    .update(enquiries)
    .set({
      offerCount: sql`(select count(*)::int from ${quotations} where ${quotations.enquiryId} = ${enquiryId} and ${quotations.status} <> ${QuotationStatus.WITHDRAWN})`,
    })
    .where(eq(enquiries.id, enquiryId));
}

/** Where the purchaser opens an offer (enquiry/offerDetail of features/enquiries). */
export const buyerOfferPath = (q: { id: number; enquiryId: number }) =>
  `/customer/enquiry/offerDetail?id=${q.id}&enquiryId=${q.enquiryId}`;
export const supplierOfferPath = (q: { id: number }) => `/customer/quotation/detail?id=${q.id}`;

type ItemRow = typeof enquiryItems.$inferSelect;
interface Content {
  figures: { goodsAmount: string; freight: string; totalAmount: string; leadDays: number; validUntil: Date; remark: string; attachments: { name: string; path: string }[] };
  contactName: string;
  contactPhone: string;
  /** By enquiry item: unit price, VAT rate, remark. */
  lines: Map<number, { unitPrice: string; taxRate: string; remark: string }>;
}

const money = (v: string | null | undefined) => (v == null ? '未报价' : toYuan(toFen(v)));
const rate = (v: string) => `${Number(v)}%`;
const orNone = (v: string) => v || '无';
const files = (a: { name: string }[]) => (a.length ? a.map((f) => f.name).join('、') : '无');

/**
 * What `next` changes from `prev`, field by field and line by line (items in the enquiry's order), as the
 * supplier reads them (decision 0185). Empty means the two are the same offer.
 */
export function quotationChanges(prev: Content, next: Content, items: ItemRow[]): VersionChange[] {
  const out: VersionChange[] = [];
  const add = (field: string, from: string, to: string) => {
    if (from !== to) out.push({ field, from, to });
  };
  items.forEach((item, i) => {
    const a = prev.lines.get(item.id);
    const b = next.lines.get(item.id);
    if (!a && !b) return;
    const name = `第${i + 1}行「${item.productName}」`;
    add(`${name}单价（元）`, money(a?.unitPrice), money(b?.unitPrice));
    if (a && b) {
      add(`${name}税率`, rate(a.taxRate), rate(b.taxRate));
      add(`${name}备注`, orNone(a.remark), orNone(b.remark));
    }
  });
  add('运费（元）', money(prev.figures.freight), money(next.figures.freight));
  add('报价总额（元）', money(prev.figures.totalAmount), money(next.figures.totalAmount));
  add('交货期（天）', String(prev.figures.leadDays), String(next.figures.leadDays));
  add('报价有效期至', chinaToday(prev.figures.validUntil), chinaToday(next.figures.validUntil));
  add('备注', orNone(prev.figures.remark), orNone(next.figures.remark));
  add('附件', files(prev.figures.attachments), files(next.figures.attachments));
  // Two files of the same name swapped still change the offer.
  if (out.every((c) => c.field !== '附件') && prev.figures.attachments.map((f) => f.path).join() !== next.figures.attachments.map((f) => f.path).join())
    out.push({ field: '附件', from: '原附件', to: '已替换' });
  add('联系人', prev.contactName, next.contactName);
  add('联系电话', prev.contactPhone, next.contactPhone);
  return out;
}

/** The caller's current offer (the quotation row's figures and contact, the current version's lines). */
async function currentContent(tx: Db, q: Quotation): Promise<Content> {
  const lines = await tx
    .select()
    .from(quotationLines)
    .where(and(eq(quotationLines.quotationId, q.id), eq(quotationLines.version, q.version)));
  return {
    figures: { goodsAmount: q.goodsAmount, freight: q.freight, totalAmount: q.totalAmount, leadDays: q.leadDays, validUntil: q.validUntil, remark: q.remark, attachments: q.attachments },
    contactName: q.contactName,
    contactPhone: q.contactPhone,
    lines: new Map(lines.map((l) => [l.enquiryItemId, { unitPrice: l.unitPrice, taxRate: l.taxRate, remark: l.remark }])),
  };
}

/** Thrown inside the transaction so a revision without a change writes nothing (not even the key's row). */
class Unchanged extends Error {
  constructor(readonly result: QuoteSubmitResult) {
    super(QUOTE_UNCHANGED);
  }
}


/**
 * Quote, revise or quote again after a withdrawal — one transaction: the Idempotency-Key row is claimed first
 * (a repeat waits on its unique index, then replays the stored answer), then the enquiry row is locked (every
 * offer on one enquiry queues there, and offer_count is recounted under it), then the caller's one quotation
 * row (unique per enquiry and supplier). `baseVersion` must be the current version (0 for none), so a second
 * tab or a stale form never adds a version over a newer one. Totals are computed here in fen.
 */
export async function submitQuotation(
  db: Db,
  caller: Caller,
  key: string,
  input: SubmitInput,
  now = new Date(),
): Promise<QuoteSubmitResult> {
  const hash = requestHash(input);
  try {
    return await submitInTransaction(db, caller, key, hash, input, now);
  } catch (err) {
    if (err instanceof Unchanged) return err.result;
    throw err;
  }
}

async function submitInTransaction(
  db: Db,
  caller: Caller,
  key: string,
  hash: string,
  input: SubmitInput,
  now: Date,
): Promise<QuoteSubmitResult> {
  return db.transaction(async (tx) => {
    const claim = await claimIdempotencyKey<QuoteSubmitResult>(
      tx,
      { userId: caller.userId, scope: QUOTE_SCOPE, key, hash },
      {
        pending: '报价正在提交，请稍后刷新查看',
        otherBody: '该提交编号已用于另一份内容不同的报价，请刷新页面后重新提交',
      },
    );
    if ('replay' in claim) return claim.replay;

    const e = await visibleEnquiry(tx, caller, input.enquiryId, true);
    const refusal = await quoteRefusal(tx, caller, e, now);
    if (refusal) throw conflict(refusal);

    const today = chinaToday(now);
    if (input.validUntil < today) throw fail('QUOTATION_VALID_PAST');
    const maxDay = chinaToday(new Date(now.getTime() + QUOTE_VALID_DAYS_MAX * 86_400_000));
    if (input.validUntil > maxDay) throw fail('QUOTATION_VALID_TOO_LONG', { days: QUOTE_VALID_DAYS_MAX });

    const items = await tx
      .select()
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, e.id))
      .orderBy(asc(enquiryItems.sort), asc(enquiryItems.id));
    const byId = new Map(items.map((i) => [i.id, i]));
    const lines = input.lines.map((l) => {
      const item = byId.get(l.enquiryItemId);
      if (!item) throw fail('QUOTATION_ITEM_FOREIGN');
      const amountFen = Math.round(toFen(l.unitPrice) * Number(item.quantity));
      return { ...l, amountFen, item };
    });
    const goodsFen = lines.reduce((s, l) => s + l.amountFen, 0);
    const freightFen = toFen(input.freight);
    const totalFen = goodsFen + freightFen;
    if (totalFen > 999_999_999_999) throw fail('QUOTATION_TOTAL_TOO_LARGE');
    const attachments = (
      await assertOwnUploads(
        tx,
        caller.companyId,
        input.attachments.map((a) => a.path),
        quotationsErrors.QUOTATION_ATTACHMENT_REFUSED.message,
      )
    ).map((path, i) => ({ name: input.attachments[i]!.name, path }));

    const [company] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, caller.companyId));
    const [existing] = await tx
      .select()
      .from(quotations)
      .where(and(eq(quotations.enquiryId, e.id), eq(quotations.supplierCompanyId, caller.companyId)))
      .for('update');
    const currentVersion = existing?.version ?? 0;
    if (input.baseVersion !== currentVersion) {
      throw fail(existing ? 'QUOTATION_STALE' : 'QUOTATION_GONE');
    }
    // Kinds: a first offer, a revision of a live one, or an offer again after a withdrawal (the table's
    // 修改报价 / 重新报价; any other status is refused with the table's text).
    const kind: 'new' | 'revise' | 'again' = !existing
      ? 'new'
      : existing.status === QuotationStatus.WITHDRAWN
        ? 'again'
        : 'revise';
    const action = kind === 'again' ? 'requote' : 'revise';
    if (existing) {
      const refusal = quotationMachine.refusal(action, existing.status);
      if (refusal) throw conflict(refusal);
    }

    const figures = {
      goodsAmount: toYuan(goodsFen),
      freight: toYuan(freightFen),
      totalAmount: toYuan(totalFen),
      leadDays: input.leadDays,
      validUntil: endOfChinaDay(input.validUntil),
      remark: input.remark,
      attachments,
    };
    const version = currentVersion + 1;
    const status = existing ? quotationMachine.next(action, existing.status as QuotationState) : QuotationStatus.QUOTED;
    // What this version changes from the current one; a revision that changes nothing adds no version.
    let changes: VersionChange[] = [];
    if (existing) {
      const next: Content = {
        figures,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        lines: new Map(lines.map((l) => [l.enquiryItemId, { unitPrice: toYuan(toFen(l.unitPrice)), taxRate: String(l.taxRate), remark: l.remark }])),
      };
      changes = quotationChanges(await currentContent(tx, existing), next, items);
      if (kind === 'revise' && changes.length === 0)
        throw new Unchanged({ id: existing.id, version: existing.version, status: existing.status, totalAmount: existing.totalAmount, unchanged: true });
    }
    let q: Quotation;
    if (!existing) {
      [q] = (await tx
        .insert(quotations)
        .values({
          enquiryId: e.id,
          buyerCompanyId: e.companyId,
          supplierCompanyId: caller.companyId,
          supplierCompanyName: company?.name ?? caller.companyName ?? '',
          status,
          version,
          ...figures,
          contactName: input.contactName,
          contactPhone: input.contactPhone,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()) as [Quotation];
      await recordHistory(tx, { docType: QUOTATION_DOC, docId: q.id, action: 'quote', fromStatus: null, toStatus: status, actor: await supplierActor(tx, caller), now });
    } else {
      const prev = existing;
      let updated: Quotation | undefined;
      await transition(tx, {
        machine: quotationMachine,
        action,
        docType: QUOTATION_DOC,
        docId: prev.id,
        from: prev.status,
        actor: await supplierActor(tx, caller),
        now,
        note: `第${version}版`,
        apply: async (to) => {
          [updated] = await tx
            .update(quotations)
            .set({
              status: to,
              version,
              ...figures,
              contactName: input.contactName,
              contactPhone: input.contactPhone,
              withdrawnAt: null,
              withdrawReason: null,
              updatedAt: now,
            })
            .where(eq(quotations.id, prev.id))
            .returning();
        },
      });
      q = updated!;
    }
    await tx
      .insert(quotationVersions)
      .values({ quotationId: q.id, version, ...figures, changes, createdBy: caller.userId, createdAt: now });
    await tx.insert(quotationLines).values(
      lines.map((l) => ({
        quotationId: q.id,
        version,
        enquiryItemId: l.enquiryItemId,
        unitPrice: toYuan(toFen(l.unitPrice)),
        taxRate: String(l.taxRate),
        amount: toYuan(l.amountFen),
        remark: l.remark,
      })),
    );
    if (kind !== 'revise') await recountOffers(tx, e.id);

    // 密封报价 before the deadline: the purchaser is told that an offer moved, not by whom or at what price.
    const sealed = !mayReadOffer('buyer', e, now);
    const who = sealed ? '一家供应商' : `「${q.supplierCompanyName}」`;
    const verb = kind === 'revise' ? `修改了报价（第${version}版）` : '提交了报价';
    await notify(tx, e.companyId, {
      type: kind === 'revise' ? 'quotation_revised' : 'quotation_new',
      title: `询价「${e.title}」：${who}${verb}`,
      content: sealed
        ? '本询价为密封报价，截止后可查看全部报价。'
        : `报价总额 ¥${toYuan(totalFen)}（含运费 ¥${toYuan(freightFen)}），交货期${input.leadDays}天，有效期至${input.validUntil}。`,
      linkPath: sealed ? `/customer/enquiry/detail?id=${e.id}` : buyerOfferPath(q),
      ...(kind === 'revise'
        ? {}
        : { event: 'quotation.received' as const, vars: { no: e.code, party: sealed ? '一家供应商' : q.supplierCompanyName.slice(0, 12) } }),
    });
    // The purchaser's webhooks: a sealed offer names neither the supplier nor the price before the deadline.
    await recordFact(
      tx,
      'quotation.submitted',
      {
        enquiryId: e.id,
        enquiryNo: e.code,
        quotationId: q.id,
        version,
        revision: kind === 'revise',
        ...(sealed ? { sealed: true } : { sealed: false, supplierCompanyName: q.supplierCompanyName, totalAmount: toYuan(totalFen) }),
      },
      [e.companyId],
      now,
    );

    const result: QuoteSubmitResult = { id: q.id, version, status, totalAmount: toYuan(totalFen) };
    await claim.save(result);
    return result;
  });
}

/**
 * Withdraw before the deadline: 已撤回, no longer counted in offer_count (recounted in the same transaction),
 * the purchaser told. Quoting again later revives the row with a new version.
 */
export async function withdrawQuotation(
  db: Db,
  caller: Caller,
  id: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ enquiryId: quotations.enquiryId })
      .from(quotations)
      .where(and(eq(quotations.id, id), eq(quotations.supplierCompanyId, caller.companyId)));
    if (!peek) throw fail('QUOTATION_NOT_FOUND');
    // Same lock order as submitting: the enquiry, then the quotation.
    const [e] = await tx.select().from(enquiries).where(eq(enquiries.id, peek.enquiryId)).for('update');
    const [q] = await tx.select().from(quotations).where(eq(quotations.id, id)).for('update');
    if (!e || !q) throw fail('QUOTATION_NOT_FOUND');
    await transition(tx, {
      machine: quotationMachine,
      action: 'withdraw',
      docType: QUOTATION_DOC,
      docId: q.id,
      from: q.status,
      ctx: { enquiryOpen: e.status === EnquiryStatus.QUOTING && e.deadline.getTime() > now.getTime() },
      actor: await supplierActor(tx, caller),
      note: reason,
      now,
      apply: async (to) => {
        await tx
          .update(quotations)
          .set({ status: to, withdrawnAt: now, withdrawReason: reason, updatedAt: now })
          .where(and(eq(quotations.id, id), ne(quotations.status, QuotationStatus.WITHDRAWN)));
      },
    });
    await recountOffers(tx, e.id);
    const sealed = !mayReadOffer('buyer', e, now);
    await notify(tx, e.companyId, {
      type: 'quotation_withdrawn',
      title: `询价「${e.title}」：${sealed ? '一家供应商' : `「${q.supplierCompanyName}」`}撤回了报价`,
      content: `撤回原因：${reason}`,
      linkPath: `/customer/enquiry/detail?id=${e.id}`,
    });
  });
}

/** The caller must be a supplier company (the endpoint's permission already says so; this keeps use cases honest). */
export function assertSupplier(caller: Caller): void {
  if (caller.companyType !== CompanyType.SUPPLIER) throw fail('QUOTATION_SUPPLIER_ONLY');
}
