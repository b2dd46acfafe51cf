import { and, eq, inArray } from 'drizzle-orm';
import {
  AGREEMENT_CLOCKS,
  AGREEMENT_REMIND_DAYS,
  AgreementStatus,
  addDays,
  agreementMachine,
  chinaDay,
  chinaDayEnd,
  chinaDayStart,
  CompanyType,
  Side,
  toFen,
  toYuan,
  type AgreementAction,
  type agreementInput,
  type agreementUpdateInput,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { agreementLines, agreements, companies, products, productSkus } from '../../db/schema/index.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { recordHistory, transition } from '../../lib/transition.ts';
import { jobClocks } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import {
  AGREEMENT_DOC,
  agreementCtx,
  agreementLink,
  inTransaction,
  lockAgreementFor,
  type AgreementRecord,
  type AgreementSide,
} from './common.ts';
import { fail } from './messages.ts';

type CreateIn = z.output<typeof agreementInput>;
type EditIn = z.output<typeof agreementUpdateInput>;
type LinesIn = CreateIn['lines'];

/** The lines as stored: SKU lines take their product's name, spec and unit from the supplier's catalogue. */
async function lineRows(t: Db, sellerCompanyId: number, lines: LinesIn, amountLimit: number | null) {
  const codes = lines.map((l) => l.skuCode).filter(Boolean);
  const seen = new Set<string>();
  for (const c of codes) {
    if (seen.has(c.toLowerCase())) throw fail('AGREEMENT_SKU_TWICE', { code: c });
    seen.add(c.toLowerCase());
  }
  const skus = codes.length
    ? await t
        .select({ id: productSkus.id, code: productSkus.code, specValues: productSkus.specValues, name: products.name, unit: products.unit })
        .from(productSkus)
        .innerJoin(products, eq(products.id, productSkus.productId))
        .where(and(eq(productSkus.companyId, sellerCompanyId), inArray(productSkus.code, codes)))
    : [];
  const byCode = new Map(skus.map((s) => [s.code, s]));
  return lines.map((l, sort) => {
    const base = { sort, unitPrice: toYuan(toFen(l.unitPrice)), quantity: amountLimit === null ? l.quantity : null };
    if (!l.skuCode) return { ...base, skuId: null, skuCode: '', productName: l.productName, spec: l.spec, unit: l.unit };
    const s = byCode.get(l.skuCode);
    if (!s) throw fail('AGREEMENT_SKU_UNKNOWN', { code: l.skuCode });
    return {
      ...base,
      skuId: s.id,
      skuCode: s.code,
      productName: s.name.slice(0, 120),
      spec: s.specValues.map((v) => `${v.name} ${v.value}`).join(' / ').slice(0, 200),
      unit: s.unit.slice(0, 10),
    };
  });
}

const checkPeriod = (validTo: string, now: Date) => {
  if (validTo < chinaDay(now)) throw fail('AGREEMENT_PERIOD_PAST');
};

/** The supplier enters an agreement for one purchaser: 待确认, the purchaser told. */
export async function createAgreement(db: Db, caller: Caller, input: CreateIn, now = new Date()): Promise<{ id: number; code: string }> {
  checkPeriod(input.validTo, now);
  return inTransaction(db, async (t) => {
    const [buyer] = await t
      .select({ id: companies.id, name: companies.name, type: companies.type })
      .from(companies)
      .where(eq(companies.id, input.buyerCompanyId));
    if (!buyer || buyer.type !== CompanyType.PURCHASER) throw fail('AGREEMENT_NOT_PURCHASER');
    const [seller] = await t.select({ name: companies.name }).from(companies).where(eq(companies.id, caller.companyId));
    const lines = await lineRows(t, caller.companyId, input.lines, input.amountLimit);
    const [row] = await t
      .insert(agreements)
      .values({
        code: documentNumberSql('XY', ORDER_NO_SEQUENCE, 8),
        status: AgreementStatus.PENDING,
        buyerCompanyId: buyer.id,
        buyerCompanyName: buyer.name,
        sellerCompanyId: caller.companyId,
        sellerCompanyName: seller!.name,
        title: input.title,
        validFrom: input.validFrom,
        validTo: input.validTo,
        remark: input.remark,
        amountLimit: input.amountLimit === null ? null : toYuan(toFen(input.amountLimit)),
        createdBy: caller.userId,
      })
      .returning({ id: agreements.id, code: agreements.code });
    await t.insert(agreementLines).values(lines.map((l) => ({ ...l, agreementId: row!.id })));
    await recordHistory(t, {
      docType: AGREEMENT_DOC,
      docId: row!.id,
      action: 'create',
      fromStatus: null,
      toStatus: AgreementStatus.PENDING,
      actor: { side: Side.SELLER, userId: caller.userId, userName: await callerName(t, caller.userId) },
      now,
    });
    await notify(t, buyer.id, {
      type: 'agreement',
      title: `待确认框架协议 ${row!.code}`,
      content: `${seller!.name} 录入了框架协议「${input.title}」，请确认。`,
      linkPath: agreementLink(row!.id),
    });
    return row!;
  });
}

/**
 * One action of the agreement's table in one transaction: lock the agreement of the caller's company, check the
 * side, the runner guards the status with the table, `apply` writes, the history row; then the other side told.
 */
async function step(
  db: Db,
  caller: Caller,
  id: number,
  action: AgreementAction,
  side: AgreementSide | null,
  apply: (t: Db, r: AgreementRecord, to: number) => Promise<{ note?: string; notice: string }>,
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (t) => {
    const { row, side: mine, actor } = await lockAgreementFor(t, caller, id, side);
    let notice = '';
    await transition(t, {
      machine: agreementMachine,
      action,
      docType: AGREEMENT_DOC,
      docId: row.id,
      from: row.status,
      ctx: agreementCtx(row, now),
      actor,
      jobs: jobClocks,
      clocks: clocksOf(row, now),
      now,
      apply: async (to) => {
        const done = await apply(t, row, to);
        notice = done.notice;
        return { note: done.note };
      },
    });
    const other = mine === 'buyer' ? row.sellerCompanyId : row.buyerCompanyId;
    await notify(t, other, { type: 'agreement', title: `${notice} ${row.code}`, content: `框架协议「${row.title}」${notice}。`, linkPath: agreementLink(row.id) });
  });
}

/**
 * The agreement's clocks: the expiry at the end of its last China day, the renewal reminder AGREEMENT_REMIND_DAYS
 * days before the start of that day (none when that moment has passed).
 */
export function clocksOf(r: Pick<AgreementRecord, 'validTo'>, now: Date) {
  const remind = chinaDayStart(addDays(r.validTo, -AGREEMENT_REMIND_DAYS));
  return { [AGREEMENT_CLOCKS.EXPIRE]: chinaDayEnd(r.validTo), [AGREEMENT_CLOCKS.REMIND]: remind > now ? remind : null };
}

/** The supplier corrects a pending or rejected agreement: lines replaced, 待确认 again. */
export async function editAgreement(db: Db, caller: Caller, input: EditIn, now = new Date()): Promise<void> {
  checkPeriod(input.validTo, now);
  await step(
    db,
    caller,
    input.id,
    'edit',
    'seller',
    async (t, r, to) => {
      const lines = await lineRows(t, caller.companyId, input.lines, input.amountLimit);
      await t.delete(agreementLines).where(eq(agreementLines.agreementId, r.id));
      await t.insert(agreementLines).values(lines.map((l) => ({ ...l, agreementId: r.id })));
      await t
        .update(agreements)
        .set({
          status: to,
          title: input.title,
          validFrom: input.validFrom,
          validTo: input.validTo,
          remark: input.remark,
          amountLimit: input.amountLimit === null ? null : toYuan(toFen(input.amountLimit)),
          rejectReason: '',
          updatedAt: now,
        })
        .where(eq(agreements.id, r.id));
      return { notice: '已修改，待确认' };
    },
    now,
  );
}

/** The purchaser confirms: 生效中, the expiry and reminder clocks start. */
export async function confirmAgreement(db: Db, caller: Caller, id: number, now = new Date()): Promise<void> {
  await step(
    db,
    caller,
    id,
    'confirm',
    'buyer',
    async (t, r, to) => {
      await t.update(agreements).set({ status: to, confirmedAt: now, updatedAt: now }).where(eq(agreements.id, r.id));
      return { notice: '采购商已确认，协议生效' };
    },
    now,
  );
}

/** The purchaser rejects with a reason: 已拒绝 (the supplier may correct it and send it again). */
export async function rejectAgreement(db: Db, caller: Caller, id: number, reason: string, now = new Date()): Promise<void> {
  await step(
    db,
    caller,
    id,
    'reject',
    'buyer',
    async (t, r, to) => {
      await t.update(agreements).set({ status: to, rejectReason: reason, updatedAt: now }).where(eq(agreements.id, r.id));
      return { note: reason, notice: '被采购商拒绝' };
    },
    now,
  );
}

/** Either side terminates an agreement in force with a reason: 已终止, its clocks stop; orders placed stay. */
export async function terminateAgreement(db: Db, caller: Caller, id: number, reason: string, now = new Date()): Promise<void> {
  await step(
    db,
    caller,
    id,
    'terminate',
    null,
    async (t, r, to) => {
      await t.update(agreements).set({ status: to, terminateReason: reason, updatedAt: now }).where(eq(agreements.id, r.id));
      return { note: reason, notice: '已终止' };
    },
    now,
  );
}

/** The supplier confirms an agreement an RFQ award made: 生效中, the expiry and reminder clocks start. */
export async function acceptAgreement(db: Db, caller: Caller, id: number, now = new Date()): Promise<void> {
  await step(
    db,
    caller,
    id,
    'accept',
    'seller',
    async (t, r, to) => {
      await t.update(agreements).set({ status: to, confirmedAt: now, updatedAt: now }).where(eq(agreements.id, r.id));
      return { notice: '供应商已确认，协议生效' };
    },
    now,
  );
}

/** The supplier declines an agreement an RFQ award made, with a reason: 已拒绝 (it may correct it for the purchaser). */
export async function declineAgreement(db: Db, caller: Caller, id: number, reason: string, now = new Date()): Promise<void> {
  await step(
    db,
    caller,
    id,
    'decline',
    'seller',
    async (t, r, to) => {
      await t.update(agreements).set({ status: to, rejectReason: reason, updatedAt: now }).where(eq(agreements.id, r.id));
      return { note: reason, notice: '被供应商拒绝' };
    },
    now,
  );
}

/** One awarded supplier's part of an RFQ award made into an agreement: its lines at the quoted prices. */
export interface AwardAgreement {
  sellerCompanyId: number;
  sellerCompanyName: string;
  lines: { productName: string; spec: string; unit: string; quantity: number; unitPrice: number }[];
}

/**
 * 生成框架协议 (docs/product/agreements.md#from-an-rfq-award): inside the award's transaction, one agreement per
 * awarded supplier between the purchaser and it, free lines with the awarded unit price and quantity, the period
 * chosen, 待供应商确认; the supplier told. The purchaser's award is its side of the agreement.
 */
export async function agreementsFromAward(
  t: Db,
  caller: Caller,
  award: { enquiryCode: string; title: string; validFrom: string; validTo: string; remark: string; parts: AwardAgreement[] },
  now: Date,
): Promise<{ id: number; code: string; sellerCompanyId: number }[]> {
  checkPeriod(award.validTo, now);
  const userName = await callerName(t, caller.userId);
  const made = [];
  for (const p of award.parts) {
    const [row] = await t
      .insert(agreements)
      .values({
        code: documentNumberSql('XY', ORDER_NO_SEQUENCE, 8),
        status: AgreementStatus.AWARDED,
        buyerCompanyId: caller.companyId,
        buyerCompanyName: caller.companyName,
        sellerCompanyId: p.sellerCompanyId,
        sellerCompanyName: p.sellerCompanyName,
        title: award.title.slice(0, 60),
        validFrom: award.validFrom,
        validTo: award.validTo,
        remark: award.remark || `询价单 ${award.enquiryCode} 授标生成`,
        createdBy: caller.userId,
      })
      .returning({ id: agreements.id, code: agreements.code });
    await t.insert(agreementLines).values(
      p.lines.map((l, sort) => ({
        agreementId: row!.id,
        sort,
        skuId: null,
        skuCode: '',
        productName: l.productName.slice(0, 120),
        spec: l.spec.slice(0, 200),
        unit: l.unit.slice(0, 10),
        unitPrice: toYuan(toFen(l.unitPrice)),
        quantity: l.quantity,
      })),
    );
    await recordHistory(t, {
      docType: AGREEMENT_DOC,
      docId: row!.id,
      // Made by the purchaser's award, not entered by the supplier: its own history label.
      action: 'award',
      fromStatus: null,
      toStatus: AgreementStatus.AWARDED,
      actor: { side: Side.BUYER, userId: caller.userId, userName },
      note: `询价单 ${award.enquiryCode} 授标生成`,
      now,
    });
    await notify(t, p.sellerCompanyId, {
      type: 'agreement',
      title: `待确认框架协议 ${row!.code}`,
      content: `${caller.companyName} 将询价单 ${award.enquiryCode} 授予贵公司并生成框架协议「${award.title.slice(0, 60)}」，请确认。`,
      linkPath: agreementLink(row!.id),
    });
    made.push({ ...row!, sellerCompanyId: p.sellerCompanyId });
  }
  return made;
}
