import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  chinaDay,
  toYuan,
  MEMBER_EXPIRY_REMINDER_DAYS,
  MEMBER_LEVEL_NAMES,
  MEMBER_PLANS,
  MEMBER_RIGHTS,
  MemberOrderStatus,
  PLATFORM_BANK_SETTING,
  Side,
  memberPlan,
  memberRightsOf,
  platformBankInput,
  type PlatformBank,
} from '@aquamall/shared';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import type { Db } from '../../db/client.ts';
import { companies, memberLedger, memberUpgradeRequests, siteSettings } from '../../db/schema/index.ts';
import { certificationErrors, fail } from './messages.ts';
import { forgetSessions, type AuthContext } from '../auth/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { notifyDecision } from '../notifications/index.ts';
import { notify } from '../notifications/index.ts';
import { MEMBER_ORDER_DOC, recordReview } from '../merchant/index.ts';
import { assertOwnUploads } from '../files/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { addDays, scheduleJob } from '../jobs/index.ts';
import { saveSetting } from '../site/index.ts';

/** Membership orders and terms (docs/decisions/0188-onboarding-and-membership.md). */
export const UpgradeStatus = MemberOrderStatus;
const S = MemberOrderStatus;
const MEMBER_PAGE = '/customer/authentication/member';
const MSG_NO_PROOF = certificationErrors.MEMBER_PROOF_GONE.message;

/** Job kinds: the reminder N days before a term ends, and the end of the term (refId: the company). */
export const MEMBER_JOBS = { REMIND: 'member.expiry_reminder', EXPIRE: 'member.expire' } as const;

type OrderRow = typeof memberUpgradeRequests.$inferSelect;

/** The platform's account for membership fees (site setting edited in the console), or null until set. */
export async function platformBank(db: Db): Promise<PlatformBank | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PLATFORM_BANK_SETTING));
  const parsed = platformBankInput.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** Sets the platform's account (console; audited as a site setting). */
export async function savePlatformBank(db: Db, actor: AuditActor, input: PlatformBank): Promise<PlatformBank> {
  await saveSetting(db, PLATFORM_BANK_SETTING, input, (tx, key, before, after) =>
    recordAudit(tx, actor, { action: 'setting.save', targetType: 'site_setting', targetId: key, before, after }),
  );
  return input;
}

/** A membership order as the wire carries it: the amount in yuan like every amount (decision 0182); fen inside. */
export function memberOrderOut<T extends { amountFen: number }>(row: T): Omit<T, 'amountFen'> & { amount: string } {
  const { amountFen, ...rest } = row;
  return { ...rest, amount: toYuan(amountFen) };
}

/** The levels side by side: price and term of those that can be bought, and every right each holds. */
export const memberLevels = () =>
  MEMBER_LEVEL_NAMES.map((name, level) => {
    const plan = MEMBER_PLANS.find((p) => p.level === level);
    return { level, name, price: plan ? toYuan(plan.priceFen) : null, months: plan?.months ?? null, rights: memberRightsOf(level).map((r) => r.name) };
  });

export async function memberInfo(app: FastifyInstance, companyId: number) {
  const [c] = await app.db
    .select({ memberLevel: companies.memberLevel, isMemberVail: companies.isMemberVail, memberExpiresAt: companies.memberExpiresAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  const requests = await app.db
    .select()
    .from(memberUpgradeRequests)
    .where(eq(memberUpgradeRequests.companyId, companyId))
    .orderBy(desc(memberUpgradeRequests.id))
    .limit(20);
  return {
    memberLevel: c?.memberLevel ?? 0,
    isMemberVail: c?.isMemberVail ?? 0,
    memberExpiresAt: c?.memberExpiresAt?.toISOString() ?? null,
    levels: memberLevels(),
    rights: MEMBER_RIGHTS.map(({ key, name, minLevel }) => ({ key, name, minLevel })),
    platformBank: await platformBank(app.db),
    requests: requests.map(memberOrderOut),
  };
}

/**
 * Buys (or upgrades to) a level, or renews the current one: an order awaiting the transfer, whose number the
 * transfer note carries. One open order per company; a level below the current one is not sold.
 */
export async function createMemberOrder(app: FastifyInstance, auth: AuthContext, level: number): Promise<OrderRow> {
  const plan = memberPlan(level);
  if (!plan) throw fail('MEMBER_LEVEL_REQUIRED');
  if (!(await platformBank(app.db))) throw fail('MEMBER_PAYEE_NOT_SET');
  const companyId = auth.companyId!;
  return app.db.transaction(async (tx) => {
    // The company row is locked so two clicks cannot open two orders.
    const [c] = await tx.select({ memberLevel: companies.memberLevel }).from(companies).where(eq(companies.id, companyId)).for('update');
    const from = c?.memberLevel ?? 0;
    if (level < from) throw fail('MEMBER_LEVEL_DOWNGRADE', { current: MEMBER_LEVEL_NAMES[from] });
    const [open] = await tx
      .select({ orderNo: memberUpgradeRequests.orderNo })
      .from(memberUpgradeRequests)
      .where(and(eq(memberUpgradeRequests.companyId, companyId), inArray(memberUpgradeRequests.status, [S.AWAITING_PAYMENT, S.AWAITING_CONFIRMATION])))
      .limit(1);
    if (open) throw fail('MEMBER_ORDER_OPEN', { orderNo: open.orderNo });
    const [row] = await tx
      .insert(memberUpgradeRequests)
      .values({
        companyId,
        fromLevel: from,
        targetLevel: level,
        kind: level === from ? 2 : 1,
        amountFen: plan.priceFen,
        months: plan.months,
        status: S.AWAITING_PAYMENT,
        orderNo: documentNumberSql('HY', ORDER_NO_SEQUENCE, 8),
      })
      .returning();
    return row!;
  });
}

async function ownOrder(db: Db, companyId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(memberUpgradeRequests)
    .where(and(eq(memberUpgradeRequests.id, id), eq(memberUpgradeRequests.companyId, companyId)));
  if (!row) throw fail('MEMBER_ORDER_NOT_FOUND');
  return row;
}

/** Hands in the transfer receipt: 待付款 → 待确认. The receipts must be the company's own uploads. */
export async function submitMemberProof(
  app: FastifyInstance,
  auth: AuthContext,
  input: { id: number; proofFiles: string[]; transferRef: string; remark: string },
): Promise<OrderRow> {
  const companyId = auth.companyId!;
  const order = await ownOrder(app.db, companyId, input.id);
  if (order.status !== S.AWAITING_PAYMENT) throw fail('MEMBER_ORDER_PROOF_DONE');
  for (const key of await assertOwnUploads(app.db, companyId, input.proofFiles, MSG_NO_PROOF)) {
    if (!(await app.storage.exists(key))) throw fail('MEMBER_PROOF_GONE');
  }
  const [row] = await app.db
    .update(memberUpgradeRequests)
    .set({ status: S.AWAITING_CONFIRMATION, proofFiles: input.proofFiles, transferRef: input.transferRef, remark: input.remark, proofAt: new Date() })
    .where(and(eq(memberUpgradeRequests.id, order.id), eq(memberUpgradeRequests.status, S.AWAITING_PAYMENT)))
    .returning();
  if (!row) throw fail('MEMBER_ORDER_PROOF_DONE');
  return row;
}

/** Cancels an order not yet paid (待付款 → 已撤销). */
export async function cancelMemberOrder(app: FastifyInstance, auth: AuthContext, id: number): Promise<OrderRow> {
  const order = await ownOrder(app.db, auth.companyId!, id);
  const [row] = await app.db
    .update(memberUpgradeRequests)
    .set({ status: S.CANCELLED })
    .where(and(eq(memberUpgradeRequests.id, order.id), eq(memberUpgradeRequests.status, S.AWAITING_PAYMENT)))
    .returning();
  if (!row) throw fail('MEMBER_ORDER_NOT_CANCELLABLE');
  return row;
}

/** Asks for the invoice of a confirmed order (once); the platform issues it and records the number. */
export async function requestMemberInvoice(
  app: FastifyInstance,
  auth: AuthContext,
  input: { id: number; title: string; taxNo: string; email: string },
): Promise<OrderRow> {
  const order = await ownOrder(app.db, auth.companyId!, input.id);
  if (order.status !== S.CONFIRMED || order.amountFen <= 0) throw fail('MEMBER_INVOICE_BEFORE_PAID');
  const [row] = await app.db
    .update(memberUpgradeRequests)
    .set({ invoiceStatus: 1, invoiceTitle: input.title, invoiceTaxNo: input.taxNo, invoiceEmail: input.email || null, invoiceRequestedAt: new Date() })
    .where(and(eq(memberUpgradeRequests.id, order.id), eq(memberUpgradeRequests.invoiceStatus, 0)))
    .returning();
  if (!row) throw fail('MEMBER_INVOICE_ALREADY_ASKED');
  return row;
}

export async function listUpgrades(app: FastifyInstance, q: { status?: number; pageIndex: number; pageSize: number }) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(memberUpgradeRequests.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    app.db
      .select({ r: memberUpgradeRequests, companyName: companies.name })
      .from(memberUpgradeRequests)
      .innerJoin(companies, eq(companies.id, memberUpgradeRequests.companyId))
      .where(where)
      .orderBy(desc(memberUpgradeRequests.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    app.db.select({ n: count() }).from(memberUpgradeRequests).where(where),
  ]);
  return { list: list.map((x) => memberOrderOut({ ...x.r, companyName: x.companyName })), total: total?.n ?? 0 };
}

/** `months` calendar months after `d` (the day clamped to the month's end). */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

/**
 * Platform confirms (the transfer arrived) or refuses an order awaiting confirmation. Confirming sets the level
 * and its expiry — a renewal of the current level extends from the current expiry, anything else starts now —
 * in one transaction with the ledger row, the history and audit entries, the reminder and expiry jobs and the
 * inbox message. The update only matches a 待确认 row, so two administrators cannot both confirm.
 */
export async function decideUpgrade(
  app: FastifyInstance,
  actor: AuditActor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const now = new Date();
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(memberUpgradeRequests).where(eq(memberUpgradeRequests.id, id));
    if (!before) throw fail('MEMBER_ORDER_NOT_FOUND');
    const [after] = await tx
      .update(memberUpgradeRequests)
      .set({
        status: decision.approve ? S.CONFIRMED : S.REFUSED,
        decidedAt: now,
        decidedBy: actor.userId,
        rejectReason: decision.approve ? null : decision.reason,
      })
      .where(and(eq(memberUpgradeRequests.id, id), eq(memberUpgradeRequests.status, S.AWAITING_CONFIRMATION)))
      .returning();
    if (!after) throw fail('MEMBER_REQUEST_ALREADY_HANDLED');
    const [company] = await tx
      .select({ memberLevel: companies.memberLevel, memberExpiresAt: companies.memberExpiresAt })
      .from(companies)
      .where(eq(companies.id, after.companyId))
      .for('update');
    const fromLevel = company?.memberLevel ?? 0;
    const fromExpiry = company?.memberExpiresAt ?? null;
    let result = after;
    if (decision.approve) {
      const extend = after.targetLevel === fromLevel && fromExpiry && fromExpiry > now;
      const periodStart = extend ? fromExpiry : now;
      const periodEnd = addMonths(periodStart, after.months);
      [result] = await tx.update(memberUpgradeRequests).set({ periodStart, periodEnd }).where(eq(memberUpgradeRequests.id, id)).returning();
      await tx
        .update(companies)
        .set({ memberLevel: after.targetLevel, memberExpiresAt: periodEnd, updatedAt: now })
        .where(eq(companies.id, after.companyId));
      await tx.insert(memberLedger).values({
        companyId: after.companyId,
        orderId: id,
        reason: 'confirm',
        fromLevel,
        toLevel: after.targetLevel,
        fromExpiresAt: fromExpiry,
        toExpiresAt: periodEnd,
        amountFen: after.amountFen,
        actorUserId: actor.userId,
      });
      // One pending job per kind and company: a renewal moves the reminder and the expiry to the new end.
      await scheduleJob(tx, MEMBER_JOBS.REMIND, after.companyId, addDays(periodEnd, -MEMBER_EXPIRY_REMINDER_DAYS));
      await scheduleJob(tx, MEMBER_JOBS.EXPIRE, after.companyId, periodEnd);
      forgetSessions({ companyIds: [after.companyId] });
    }
    await recordReview(tx, {
      doc: MEMBER_ORDER_DOC,
      id,
      action: decision.approve ? 'approve' : 'reject',
      fromStatus: S.AWAITING_CONFIRMATION,
      toStatus: after.status,
      side: Side.PLATFORM,
      userId: actor.userId,
      reason: decision.approve ? null : decision.reason,
      now,
    });
    await recordAudit(tx, actor, {
      action: decision.approve ? 'member.upgrade.confirm' : 'member.upgrade.reject',
      targetType: 'company',
      targetId: after.companyId,
      before: { memberLevel: fromLevel, memberExpiresAt: fromExpiry?.toISOString() ?? null, requestStatus: before.status },
      after: {
        memberLevel: decision.approve ? after.targetLevel : fromLevel,
        memberExpiresAt: decision.approve ? (result?.periodEnd?.toISOString() ?? null) : (fromExpiry?.toISOString() ?? null),
        requestStatus: after.status,
        requestId: id,
        orderNo: after.orderNo,
      },
    });
    const levelName = MEMBER_LEVEL_NAMES[after.targetLevel] ?? '';
    const until = result?.periodEnd ? `，有效期至${chinaDay(result.periodEnd)}` : '';
    await notifyDecision(
      app,
      tx,
      after.companyId,
      decision.approve
        ? { type: 'member_upgrade', title: `${levelName}已生效`, content: `平台已确认收款，会员权益已生效${until}。`, linkPath: MEMBER_PAGE }
        : { type: 'member_upgrade', title: '会员订单未通过确认', content: `原因：${decision.reason}`, linkPath: MEMBER_PAGE },
    );
    return result!;
  });
}

/** The console records the invoice it issued for a requested order (audited; the company is told). */
export async function issueMemberInvoice(app: FastifyInstance, actor: AuditActor, id: number, invoiceNo: string) {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberUpgradeRequests)
      .set({ invoiceStatus: 2, invoiceNo, invoiceIssuedAt: new Date() })
      .where(and(eq(memberUpgradeRequests.id, id), eq(memberUpgradeRequests.invoiceStatus, 1)))
      .returning();
    if (!row) throw fail('MEMBER_INVOICE_NONE_PENDING');
    await recordAudit(tx, actor, {
      action: 'member.invoice.issue',
      targetType: 'company',
      targetId: row.companyId,
      before: { invoiceStatus: 1, requestId: id },
      after: { invoiceStatus: 2, invoiceNo, requestId: id, orderNo: row.orderNo },
    });
    await notify(tx, row.companyId, {
      type: 'invoice_member',
      title: `会员订单 ${row.orderNo ?? ''} 发票已开具`,
      content: `发票号码：${invoiceNo}`,
      linkPath: MEMBER_PAGE,
    });
    return row;
  });
}

/** Reminder N days before the term ends: an inbox message, once per term (the job is done after it). */
export async function remindExpiry(tx: Db, companyId: number, now: Date): Promise<void> {
  const [c] = await tx
    .select({ memberLevel: companies.memberLevel, memberExpiresAt: companies.memberExpiresAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  // Renewed since (the reminder would have moved) or no paid term: nothing to say.
  if (!c?.memberExpiresAt || c.memberLevel === 0 || c.memberExpiresAt <= now) return;
  if (c.memberExpiresAt.getTime() - now.getTime() > (MEMBER_EXPIRY_REMINDER_DAYS + 1) * 86_400_000) return;
  await notify(tx, companyId, {
    type: 'member_expiry',
    title: `${MEMBER_LEVEL_NAMES[c.memberLevel]}将于${chinaDay(c.memberExpiresAt)}到期`,
    content: '到期后相关功能将不可用，请及时续费。',
    linkPath: MEMBER_PAGE,
  });
}

/** End of a paid term: the level returns to 普通会员, with its ledger row and a message. */
export async function expireMembership(tx: Db, companyId: number, now: Date): Promise<void> {
  const [c] = await tx
    .select({ memberLevel: companies.memberLevel, memberExpiresAt: companies.memberExpiresAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!c?.memberExpiresAt || c.memberExpiresAt > now || c.memberLevel === 0) return;
  await tx.update(companies).set({ memberLevel: 0, updatedAt: now }).where(eq(companies.id, companyId));
  await tx.insert(memberLedger).values({
    companyId,
    reason: 'expire',
    fromLevel: c.memberLevel,
    toLevel: 0,
    fromExpiresAt: c.memberExpiresAt,
    toExpiresAt: c.memberExpiresAt,
  });
  forgetSessions({ companyIds: [companyId] });
  await notify(tx, companyId, {
    type: 'member_expiry',
    title: `${MEMBER_LEVEL_NAMES[c.memberLevel]}已到期`,
    content: '会员权益已停止，续费后即可恢复。',
    linkPath: MEMBER_PAGE,
  });
}

/** Registers the membership jobs with the runner (idempotent). */
export function registerMemberJobs(): void {
  defineJob({ kind: MEMBER_JOBS.REMIND, payload: recordId, handler: (tx, companyId, { now }) => remindExpiry(tx, companyId, now) });
  defineJob({ kind: MEMBER_JOBS.EXPIRE, payload: recordId, handler: (tx, companyId, { now }) => expireMembership(tx, companyId, now) });
}
