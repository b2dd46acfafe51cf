import { and, asc, desc, eq } from 'drizzle-orm';
import { EnquiryStatus, enquiryMachine, formatFen, InvoiceKind, quotationMachine, OrderKind, Side, toFen, toYuan, type EnquiryAwardResult, type enquiryAwardInput } from '@aquamall/shared';
import type { z } from 'zod';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, enquiryItems, invoiceTitles, type InvoiceSnapshot } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { transition } from '../../lib/transition.ts';
import { jobClocks } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { createOrders, type NewOrder } from '../orders/index.ts';
import { routeAward, type ApprovedAward, type AwardPerformer } from '../approvals/index.ts';
import { agreementsFromAward } from '../agreements/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { decideOffers } from '../quotations/index.ts';
import { lockOffersToAward, offersSealed } from '../quotations/index.ts';
import { assertPurchaser, ENQUIRY_DOC, inTransaction, ownEnquiry, quotationLink, shownStatus } from './common.ts';
import { offerExpired } from './offers.ts';
import { fail } from './messages.ts';

type AwardInput = z.output<typeof enquiryAwardInput>;

/** The invoice an award's orders carry: the kind the enquiry asked for, on the purchaser's default title of it. */
async function invoiceFor(t: Db, companyId: number, kind: number): Promise<InvoiceSnapshot> {
  const none: InvoiceSnapshot = { kind: 0, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' };
  if (kind === 0) return none;
  const [title] = await t
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.companyId, companyId), eq(invoiceTitles.kind, kind)))
    .orderBy(desc(invoiceTitles.isDefault), asc(invoiceTitles.id))
    .limit(1);
  if (!title) {
    const [c] = await t.select({ name: companies.name, creditCode: companies.creditCode }).from(companies).where(eq(companies.id, companyId));
    return { ...none, kind, title: c?.name ?? '', taxNo: c?.creditCode ?? '' };
  }
  return {
    kind,
    title: title.title,
    taxNo: title.taxNo,
    regAddress: title.regAddress,
    regPhone: title.regPhone,
    bankName: title.bankName,
    bankAccount: title.bankAccount,
  };
}

/**
 * Awards lines of an enquiry to offers — all to one (whole) or each to its own (split); lines left out stay
 * unawarded. One transaction on the locked enquiry row (a parallel second award waits, then finds it 已成交):
 * one 询价订单 per awarded supplier through createOrders with the quoted prices, freight and the enquiry's
 * delivery address, quotations 已中标 / 未中标, the lines' awardedQuotationId, the enquiry 已成交, every
 * bidder told the outcome. An award the company's approval rules catch waits instead as a purchase request
 * (docs/product/approvals.md#awards) and nothing else changes; its last approval performs it (performEnquiryAward).
 */
export async function awardEnquiry(db: Db, caller: Caller, input: AwardInput, rules: OrderRules, now = new Date()): Promise<EnquiryAwardResult> {
  assertPurchaser(caller);
  return inTransaction(db, (t) => awardInTx(t, caller, input, rules, now, null));
}

/**
 * The award of an approved purchase request (approvals/awards.ts AwardPerformer), as its requester: the same
 * checks on the quotations as at submission (still valid, not withdrawn, the enquiry not withdrawn), and the
 * award's total must be the approved one (a revised quotation changes it: 报价已变更).
 */
export const performEnquiryAward: AwardPerformer = async (tx, requester, r, rules, now) => {
  if (r.award.kind !== 'enquiry') throw new Error('not an enquiry award');
  const { enquiryId, lines, remark, asAgreement } = r.award;
  const res = await awardInTx(tx, requester, { enquiryId, lines, remark, asAgreement: asAgreement ?? null }, rules, now, {
    fen: toFen(r.totalAmount),
    overBudget: r.overBudget,
  });
  return res.orders.map((o) => o.id);
};

async function awardInTx(t: Db, caller: Caller, input: AwardInput, rules: OrderRules, now: Date, approved: ApprovedAward | null): Promise<EnquiryAwardResult> {
  const userName = await callerName(t, caller.userId);
  const e = await ownEnquiry(t, caller, input.enquiryId, true);
  const from = shownStatus(e.status, e.deadline, now);
  const ctx = { sealed: offersSealed(e, now) };
  // An awarded enquiry is 已成交; awardedAt on another status would be a broken row: refuse it the same way.
  const refusal = enquiryMachine.refusal('award', e.awardedAt ? EnquiryStatus.DEAL : from, ctx);
  if (refusal) throw conflict(refusal);
  const items = await t.select().from(enquiryItems).where(eq(enquiryItems.enquiryId, e.id)).orderBy(asc(enquiryItems.sort), asc(enquiryItems.id));
  const itemById = new Map(items.map((i) => [i.id, i]));
  for (const l of input.lines) if (!itemById.has(l.enquiryItemId)) throw fail('ENQUIRY_ITEM_NOT_FOUND');
  const qIds = [...new Set(input.lines.map((l) => l.quotationId))].sort((a, b) => a - b);
  const locked = await lockOffersToAward(t, e, qIds, now);
  if (!locked) throw fail('ENQUIRY_QUOTATION_UNKNOWN');
  const qs = locked.offers;
  for (const q of qs) {
    const r = quotationMachine.refusal('award', q.status, { expired: offerExpired(q, now) });
    if (r) throw conflict(`${q.supplierCompanyName} ${r}`);
  }
  const priceOf = new Map(locked.lines.map((l) => [`${l.quotationId}:${l.enquiryItemId}`, l]));
  const address = {
    receiver: e.contactName,
    phone: e.contactPhone,
    provinceCode: e.deliveryProvinceCode,
    cityCode: e.deliveryCityCode,
    districtCode: e.deliveryDistrictCode,
    areaName: e.deliveryAreaName,
    detail: e.deliveryAddress,
  };
  const invoice = await invoiceFor(t, caller.companyId, e.invoiceKind === InvoiceKind.NONE ? 0 : e.invoiceKind);
  // Per awarded offer: its lines at the quoted prices, in the enquiry's order.
  const awarded = qs.map((q) => {
    const mine = input.lines.filter((l) => l.quotationId === q.id).sort((a, b) => items.indexOf(itemById.get(a.enquiryItemId)!) - items.indexOf(itemById.get(b.enquiryItemId)!));
    const lines = mine.map((l) => {
      const it = itemById.get(l.enquiryItemId)!;
      const price = priceOf.get(`${q.id}:${it.id}`);
      if (!price) throw fail('ENQUIRY_AWARD_UNPRICED', { supplier: q.supplierCompanyName, product: it.productName });
      return {
        productName: it.productName,
        spec: it.spec,
        unit: it.unit,
        quantity: Number(it.quantity),
        unitPrice: Number(price.unitPrice),
        taxRate: Number(price.taxRate),
        enquiryItemId: it.id,
      };
    });
    return { q, lines };
  });
  const newOrders: NewOrder[] = awarded.map(({ q, lines }) => ({
    kind: OrderKind.ENQUIRY,
    buyer: { companyId: caller.companyId, userId: caller.userId, userName },
    sellerCompanyId: q.supplierCompanyId,
    enquiryId: e.id,
    quotationId: q.id,
    freight: Number(q.freight),
    address,
    invoice,
    buyerRemark: input.remark || `询价单 ${e.code}`,
    lines,
    overBudgetApproved: approved?.overBudget ?? false,
  }));
  const totalFen = awarded.reduce((sum, a) => sum + toFen(input.asAgreement ? 0 : a.q.freight) + a.lines.reduce((x, l) => x + toFen(l.unitPrice) * l.quantity, 0), 0);
  const subject = `询价单 ${e.code} ${input.asAgreement ? '授标生成框架协议' : '授标'}`;
  if (approved === null) {
    const request = await routeAward(
      t,
      caller,
      {
        award: { kind: 'enquiry', enquiryId: e.id, lines: input.lines, remark: input.remark, asAgreement: input.asAgreement, subject },
        totalFen,
        sellerCompanyIds: qs.map((q) => q.supplierCompanyId),
        // In the enquiry's order of lines, each with its supplier.
        lines: awarded
          .flatMap(({ q, lines }) => lines.map((l) => ({ q, l })))
          .sort((a, b) => items.indexOf(itemById.get(a.l.enquiryItemId)!) - items.indexOf(itemById.get(b.l.enquiryItemId)!))
          .map(({ q, l }) => ({
            skuId: 0,
            cartLineId: null,
            sellerCompanyId: q.supplierCompanyId,
            shopName: q.supplierCompanyName,
            productName: l.productName,
            spec: l.spec,
            unit: l.unit,
            quantity: l.quantity,
            unitPrice: toYuan(toFen(l.unitPrice)),
          })),
        address,
        invoice,
        remark: input.remark,
        subject,
        userName,
      },
      now,
    );
    if (request) return { orders: [], purchaseRequest: request };
  } else if (totalFen !== approved.fen) throw fail('ENQUIRY_AWARD_CHANGED', { approved: formatFen(approved.fen), now: formatFen(totalFen) });
  // 生成框架协议: agreements instead of orders (the supplier confirms; call-offs later place the orders).
  const made = input.asAgreement
    ? await agreementsFromAward(
        t,
        caller,
        {
          enquiryCode: e.code,
          title: e.title,
          ...input.asAgreement,
          remark: input.remark,
          parts: awarded.map(({ q, lines }) => ({ sellerCompanyId: q.supplierCompanyId, sellerCompanyName: q.supplierCompanyName, lines })),
        },
        now,
      )
    : null;
  const created = made ? [] : await createOrders(t, newOrders, rules, now);
  for (const l of input.lines) await t.update(enquiryItems).set({ awardedQuotationId: l.quotationId }).where(eq(enquiryItems.id, l.enquiryItemId));
  const actor = { side: Side.BUYER, userId: caller.userId, userName };
  const losers = await decideOffers(t, e.id, qs, actor, now);
  await transition(t, {
    machine: enquiryMachine,
    action: 'award',
    docType: ENQUIRY_DOC,
    docId: e.id,
    from,
    actor,
    ctx,
    now,
    jobs: jobClocks,
    apply: (to) => t.update(enquiries).set({ status: to, awardedAt: now, closedAt: e.closedAt ?? now, updatedAt: now }).where(eq(enquiries.id, e.id)).then(() => undefined),
  });
  for (const o of created) {
    const n = input.lines.filter((l) => qs.find((q) => q.id === l.quotationId)?.supplierCompanyId === o.sellerCompanyId).length;
    await notify(t, o.sellerCompanyId, {
      type: 'enquiry',
      title: `恭喜中标：${e.title}`,
      content: `${caller.companyName} 将 ${n} 条明细授予贵公司，已生成报价订单 ${o.orderNo}（¥${o.totalAmount}），请及时确认。`,
      linkPath: `/customer/order/detail?type=8&id=${o.id}`,
      event: 'enquiry.awardWon',
      vars: { no: e.code },
    });
  }
  for (const l of losers.sort((a, b) => a.supplierCompanyId - b.supplierCompanyId))
    await notify(t, l.supplierCompanyId, {
      type: 'enquiry',
      title: `未中标：${e.title}`,
      content: `${caller.companyName} 已完成询价 ${e.code} 的授标，贵公司的报价未中标，感谢参与。`,
      linkPath: quotationLink(e.id),
      event: 'enquiry.awardLost',
      vars: { no: e.code },
    });
  for (const a of made ?? [])
    await notify(t, a.sellerCompanyId, {
      type: 'enquiry',
      title: `恭喜中标：${e.title}`,
      content: `${caller.companyName} 将询价 ${e.code} 的明细授予贵公司，已生成框架协议 ${a.code}，请确认。`,
      linkPath: `/customer/agreement/detail?id=${a.id}`,
      event: 'enquiry.awardWon',
      vars: { no: e.code },
    });
  return {
    orders: created.map((o) => ({ id: o.id, orderNo: o.orderNo, sellerCompanyId: o.sellerCompanyId, totalAmount: o.totalAmount })),
    ...(made ? { agreements: made } : {}),
  };
}
