import { and, eq, inArray } from 'drizzle-orm';
import {
  enquiryMachine,
  EnquiryStatus,
  formatChina,
  formatChinaDateTime,
  EnquiryVisibility,
  ENQUIRY_DEADLINE_DAYS_MAX,
  MerchantStatus,
  Side,
  type enquirySaveInput,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, enquiryInvitations, enquiryItems, products } from '../../db/schema/index.ts';
import { recordHistory, transition, type TransitionActor } from '../../lib/transition.ts';
import { conflict } from '../../lib/errors.ts';
import { assertOwnUploads } from '../files/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { addDays, jobClocks, scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { bidderCompanies } from '../quotations/index.ts';
import { openShop } from '../merchant/index.ts';
import { assertPurchaser, ENQUIRY_DOC, ENQUIRY_JOBS, enquiryLink, inTransaction, ownEnquiry, quotationLink, shownStatus } from './common.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { enquiriesErrors, fail } from './messages.ts';

type SaveInput = z.output<typeof enquirySaveInput>;

/** The job store the state table's clocks use. */
const SYSTEM: TransitionActor = { side: Side.SYSTEM, userId: null, userName: '系统' };
const purchaserActor = async (db: Db, caller: Caller): Promise<TransitionActor> => ({
  side: Side.BUYER,
  userId: caller.userId,
  userName: await callerName(db, caller.userId),
});

/** A deadline must lie ahead, at most 90 days (checked at publish and on extend). */
export function checkDeadline(deadline: Date, now: Date, label = '报价截止时间'): void {
  if (deadline.getTime() <= now.getTime() + 60_000) throw fail('ENQUIRY_DEADLINE_TOO_SOON', { label });
  if (deadline.getTime() > addDays(now, ENQUIRY_DEADLINE_DAYS_MAX).getTime())
    throw fail('ENQUIRY_DEADLINE_TOO_FAR', { label, days: ENQUIRY_DEADLINE_DAYS_MAX });
}

/** Invited suppliers must be approved, open, enabled supplier shops and not the purchaser itself. */
async function checkInvites(t: Db, caller: Caller, ids: number[]): Promise<void> {
  if (ids.includes(caller.companyId)) throw fail('ENQUIRY_INVITE_OWN_COMPANY');
  if (!ids.length) return;
  const found = await t
    .select({ id: companies.id })
    .from(companies)
    .where(and(openShop, eq(companies.merchantStatus, MerchantStatus.APPROVED), inArray(companies.id, ids)));
  if (found.length !== ids.length) throw fail('ENQUIRY_INVITEE_UNKNOWN');
}

/**
 * Saves a draft (new or edited) or publishes it: lines, attachments (the company's own uploads), invitations.
 * Publishing checks the deadline and schedules the job that closes the enquiry at its deadline.
 */
export async function saveEnquiry(db: Db, caller: Caller, input: SaveInput, now = new Date()): Promise<{ id: number; code: string; status: number }> {
  assertPurchaser(caller);
  const deadline = new Date(input.deadline);
  if (input.publish) checkDeadline(deadline, now);
  const deliveryDate = input.deliveryDate ? new Date(input.deliveryDate) : null;
  if (input.publish && deliveryDate && deliveryDate.getTime() < deadline.getTime() - 86_400_000)
    throw fail('ENQUIRY_DELIVERY_BEFORE_DEADLINE');
  const keys = await assertOwnUploads(db, caller.companyId, input.attachments.map((a) => a.path), enquiriesErrors.ENQUIRY_ATTACHMENT_REFUSED.message);
  const attachments = input.attachments.map((a, i) => ({ name: a.name, path: keys[i]! }));
  const invited = input.visibility === EnquiryVisibility.INVITED ? input.invitedSupplierIds : [];
  const productIds = [...new Set(input.lines.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const actor = await purchaserActor(db, caller);
  return inTransaction(db, async (t) => {
    await checkInvites(t, caller, invited);
    if (productIds.length) {
      const found = await t.select({ id: products.id }).from(products).where(inArray(products.id, productIds));
      if (found.length !== productIds.length) throw fail('ENQUIRY_PRODUCT_UNKNOWN');
    }
    const values = {
      title: input.title,
      deadline,
      deliveryProvinceCode: input.deliveryProvinceCode,
      deliveryCityCode: input.deliveryCityCode,
      deliveryDistrictCode: input.deliveryDistrictCode,
      deliveryAreaName: input.deliveryAreaName,
      deliveryAddress: input.deliveryAddress,
      deliveryDate,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      invoiceKind: input.invoiceKind,
      paymentTerms: input.paymentTerms,
      visibility: input.visibility,
      sealed: input.sealed,
      remark: input.remark,
      attachments,
      // A draft first; publishing is the table's 发布 below.
      status: EnquiryStatus.DRAFT,
      publishedAt: null,
      updatedAt: now,
    };
    let id: number;
    let code: string;
    if (input.id) {
      const e = await ownEnquiry(t, caller, input.id, true);
      const refusal = enquiryMachine.refusal(input.publish ? 'publish' : 'edit', e.status);
      if (refusal) throw conflict(refusal);
      await t.update(enquiries).set(values).where(eq(enquiries.id, e.id));
      await t.delete(enquiryItems).where(eq(enquiryItems.enquiryId, e.id));
      await t.delete(enquiryInvitations).where(eq(enquiryInvitations.enquiryId, e.id));
      id = e.id;
      code = e.code;
    } else {
      const [row] = await t
        .insert(enquiries)
        .values({
          ...values,
          companyId: caller.companyId,
          createdBy: caller.userId,
          createdAt: now,
          code: documentNumberSql('XJ', ORDER_NO_SEQUENCE, 8),
        })
        .returning({ id: enquiries.id, code: enquiries.code });
      id = row!.id;
      code = row!.code;
      await recordHistory(t, { docType: ENQUIRY_DOC, docId: id, action: 'create', fromStatus: null, toStatus: EnquiryStatus.DRAFT, actor, now });
    }
    await t.insert(enquiryItems).values(
      input.lines.map((l, i) => ({
        enquiryId: id,
        productName: l.productName,
        spec: l.spec,
        quantity: String(l.quantity),
        unit: l.unit,
        targetPrice: l.targetPrice === null ? null : toYuan(toFen(l.targetPrice)),
        remark: l.remark,
        productId: l.productId,
        skuId: l.skuId,
        sort: i,
      })),
    );
    if (invited.length) await t.insert(enquiryInvitations).values(invited.map((s) => ({ enquiryId: id, supplierCompanyId: s, createdAt: now })));
    let status: number = EnquiryStatus.DRAFT;
    if (input.publish) {
      status = await transition(t, {
        machine: enquiryMachine,
        action: 'publish',
        docType: ENQUIRY_DOC,
        docId: id,
        from: EnquiryStatus.DRAFT,
        actor,
        now,
        jobs: jobClocks,
        clocks: { [ENQUIRY_JOBS.DEADLINE]: deadline },
        apply: async (to) => {
          await t.update(enquiries).set({ status: to, publishedAt: now }).where(eq(enquiries.id, id));
        },
      });
      await scheduleDeadlineSoon(t, id, deadline, now);
      for (const s of invited)
        await notify(t, s, {
          type: 'enquiry',
          title: `询价邀请：${input.title}`,
          content: `${caller.companyName} 邀请贵公司报价，截止时间 ${deadline.toISOString().slice(0, 16).replace('T', ' ')} (UTC)。`,
          linkPath: quotationLink(id),
        });
    }
    return { id, code, status };
  });
}

/** Moves the deadline of an enquiry 报价中 later (never earlier), and its closing job with it. */
export async function extendEnquiry(db: Db, caller: Caller, id: number, deadlineIso: string, now = new Date()): Promise<void> {
  assertPurchaser(caller);
  const deadline = new Date(deadlineIso);
  const actor = await purchaserActor(db, caller);
  await inTransaction(db, async (t) => {
    const e = await ownEnquiry(t, caller, id, true);
    await transition(t, {
      machine: enquiryMachine,
      action: 'extend',
      docType: ENQUIRY_DOC,
      docId: e.id,
      from: shownStatus(e.status, e.deadline, now),
      actor,
      now,
      note: `新的截止时间 ${formatChinaDateTime(deadline.toISOString(), '')}`,
      jobs: jobClocks,
      clocks: { [ENQUIRY_JOBS.DEADLINE]: deadline },
      apply: async () => {
        if (deadline.getTime() <= e.deadline.getTime()) throw fail('ENQUIRY_EXTEND_NOT_LATER');
        checkDeadline(deadline, now, '新的截止时间');
        await t.update(enquiries).set({ deadline, updatedAt: now }).where(eq(enquiries.id, e.id));
      },
    });
    await scheduleDeadlineSoon(t, e.id, deadline, now);
    await tellBidders(t, e.id, {
      title: `询价延期：${e.title}`,
      content: `报价截止时间延至 ${deadline.toISOString().slice(0, 16).replace('T', ' ')} (UTC)。`,
    });
  });
}

/** Withdraws (撤销) an enquiry not yet awarded, with a reason; the closing job is cancelled, bidders told. */
export async function withdrawEnquiry(db: Db, caller: Caller, id: number, reason: string, now = new Date()): Promise<void> {
  assertPurchaser(caller);
  const actor = await purchaserActor(db, caller);
  await inTransaction(db, async (t) => {
    const e = await ownEnquiry(t, caller, id, true);
    await transition(t, {
      machine: enquiryMachine,
      action: 'withdraw',
      docType: ENQUIRY_DOC,
      docId: e.id,
      from: shownStatus(e.status, e.deadline, now),
      actor,
      now,
      note: reason,
      jobs: jobClocks,
      apply: async (to) => {
        await t
          .update(enquiries)
          .set({ status: to, revokeReason: reason, closedAt: e.closedAt ?? now, updatedAt: now })
          .where(eq(enquiries.id, e.id));
      },
    });
    await tellBidders(t, e.id, { title: `询价已撤销：${e.title}`, content: `采购商撤销了询价，原因：${reason}` });
  });
}

/** Notifies every supplier with a live (not withdrawn) quotation on the enquiry. */
async function tellBidders(t: Db, enquiryId: number, notice: { title: string; content: string }): Promise<void> {
  for (const companyId of await bidderCompanies(t, enquiryId))
    await notify(t, companyId, { type: 'enquiry', ...notice, linkPath: quotationLink(enquiryId) });
}

/** The deadline job: an enquiry still 报价中 at its deadline becomes 已截止 (once; a moved deadline waits). */
export async function closeAtDeadline(t: Db, enquiryId: number, now: Date): Promise<void> {
  const [e] = await t.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
  // An extended deadline moved this job's row (scheduleJob), so a later deadline here is only a guard.
  if (!e || !enquiryMachine.can('close', e.status) || e.deadline.getTime() > now.getTime()) return;
  await transition(t, {
    machine: enquiryMachine,
    action: 'close',
    docType: ENQUIRY_DOC,
    docId: e.id,
    from: e.status,
    actor: SYSTEM,
    now,
    apply: async (to) => {
      await t.update(enquiries).set({ status: to, closedAt: now, updatedAt: now }).where(eq(enquiries.id, e.id));
    },
  });
  await notify(t, e.companyId, {
    type: 'enquiry',
    title: `询价已截止：${e.title}`,
    content: `共收到 ${e.offerCount} 份报价，请比价并选择中标供应商。`,
    linkPath: enquiryLink(e.id),
  });
}

/**
 * 询价即将截止 (docs/product/notifications.md#events): due 24 hours before the deadline, halfway for a shorter
 * window; publishing and every extension move it with the deadline.
 */
export async function scheduleDeadlineSoon(t: Db, enquiryId: number, deadline: Date, now: Date): Promise<void> {
  const lead = Math.min(DEADLINE_SOON_LEAD_MS, (deadline.getTime() - now.getTime()) / 2);
  await scheduleJob(t, ENQUIRY_JOBS.DEADLINE_SOON, enquiryId, new Date(deadline.getTime() - lead));
}
const DEADLINE_SOON_LEAD_MS = 24 * 3_600_000;

/**
 * The reminder job: to the invited suppliers that have not quoted yet, while the enquiry is still 报价中 before
 * its deadline (an open enquiry names nobody to remind). Once per deadline: the occurrence key names it.
 */
export async function remindDeadlineSoon(t: Db, enquiryId: number, now: Date): Promise<void> {
  const [e] = await t.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  if (!e || e.status !== EnquiryStatus.QUOTING || e.deadline.getTime() <= now.getTime()) return;
  const quoted = new Set(await bidderCompanies(t, enquiryId));
  const invited = await t
    .select({ companyId: enquiryInvitations.supplierCompanyId })
    .from(enquiryInvitations)
    .where(eq(enquiryInvitations.enquiryId, enquiryId));
  const deadline = formatChina(e.deadline, 'MM-DD HH:mm');
  for (const { companyId } of invited.filter((i) => !quoted.has(i.companyId)))
    await notify(t, companyId, {
      type: 'enquiry',
      title: `询价即将截止：${e.title}`,
      content: `报价截止时间 ${formatChinaDateTime(e.deadline)}，请及时报价。`,
      linkPath: quotationLink(enquiryId),
      event: 'enquiry.deadlineSoon',
      vars: { no: e.code, deadline },
      eventKey: `enquiry.deadlineSoon:${enquiryId}:${companyId}:${e.deadline.getTime()}`,
    });
}

export function registerEnquiryJobs(): void {
  defineJob({ kind: ENQUIRY_JOBS.DEADLINE, payload: recordId, handler: (tx, enquiryId, { now }) => closeAtDeadline(tx, enquiryId, now) });
  defineJob({ kind: ENQUIRY_JOBS.DEADLINE_SOON, payload: recordId, handler: (tx, enquiryId, { now }) => remindDeadlineSoon(tx, enquiryId, now) });
}
