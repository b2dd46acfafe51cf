import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import {
  PayOrderStatus,
  PayRefundStatus,
  chinaDayEnd,
  chinaDayStart,
  toFen,
  toYuan,
  type PageQuery,
  type ReconDiscrepancyRow,
  type ReconKind,
  type ReconResolveInput,
  type ReconRunRow,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { payOrders, payRefunds, reconDiscrepancies, reconRuns, users } from '../../db/schema/index.ts';
import type { PaymentPartner, StatementLine } from '../../lib/partners/pay/types.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { fail } from './messages.ts';
import { alipayPayees } from './sub-merchants.ts';

interface Found {
  kind: ReconKind;
  payNo: string | null;
  refundNo: string | null;
  partnerTradeNo: string | null;
  partnerAmount: string | null;
  ourAmount: string | null;
  note: string;
}

/**
 * Matches a channel's statement of a China day against our records of the same day: payment orders paid that day
 * and refunds done that day, by our numbers. 长款: a statement line we have no record of (or not as paid/done);
 * 短款: a record of ours the statement lacks; 金额不符: both, with different amounts.
 */
export function matchStatement(
  lines: StatementLine[],
  ours: { pays: Array<{ payNo: string; amount: string; partnerTradeNo: string | null }>; refunds: Array<{ refundNo: string; payNo: string; amount: string }> },
): { matched: number; found: Found[] } {
  const found: Found[] = [];
  let matched = 0;
  const pays = new Map(ours.pays.map((p) => [p.payNo, p]));
  const refunds = new Map(ours.refunds.map((r) => [r.refundNo, r]));
  for (const l of lines) {
    const partnerAmount = toYuan(l.amountFen);
    const mine = l.kind === 'pay' ? pays.get(l.payNo) : refunds.get(l.refundNo ?? '');
    if (!mine) {
      found.push({ kind: 'long', payNo: l.payNo, refundNo: l.refundNo, partnerTradeNo: l.partnerTradeNo, partnerAmount, ourAmount: null, note: l.kind === 'pay' ? '渠道有收款，平台当日无对应已支付记录' : '渠道有退款，平台当日无对应退款成功记录' });
      continue;
    }
    if (l.kind === 'pay') pays.delete(l.payNo);
    else refunds.delete(l.refundNo ?? '');
    if (toFen(mine.amount) !== l.amountFen)
      found.push({ kind: 'amount', payNo: l.payNo, refundNo: l.refundNo, partnerTradeNo: l.partnerTradeNo, partnerAmount, ourAmount: mine.amount, note: l.kind === 'pay' ? '收款金额不一致' : '退款金额不一致' });
    else matched++;
  }
  for (const p of pays.values())
    found.push({ kind: 'short', payNo: p.payNo, refundNo: null, partnerTradeNo: p.partnerTradeNo, partnerAmount: null, ourAmount: p.amount, note: '平台记为已支付，渠道对账单无此笔收款' });
  for (const r of refunds.values())
    found.push({ kind: 'short', payNo: r.payNo, refundNo: r.refundNo, partnerTradeNo: null, partnerAmount: null, ourAmount: r.amount, note: '平台记为退款成功，渠道对账单无此笔退款' });
  return { matched, found };
}

/**
 * Reconciles one channel for a China day: fetches the statement (outside any transaction), then in one transaction
 * records the run and each discrepancy. A statement that cannot be fetched is a failed run (the job retries).
 */
export async function reconcileDay(db: Db, partner: PaymentPartner, day: string, now = new Date()): Promise<number> {
  let lines: StatementLine[];
  try {
    if (partner.statementPerPayee) {
      // Alipay: each authorising merchant's own bill (decision 0216).
      lines = [];
      for (const payee of await alipayPayees(db)) lines.push(...(await partner.statement(day, payee)));
    } else lines = await partner.statement(day);
  } catch (err) {
    const [run] = await db
      .insert(reconRuns)
      .values({ channel: partner.channel, day, status: 'failed', error: String((err as Error).message ?? err).slice(0, 300), createdAt: now })
      .returning({ id: reconRuns.id });
    return run!.id;
  }
  return inTransaction(db, async (tx) => {
    const from = chinaDayStart(day);
    const to = chinaDayEnd(day);
    const pays = await tx
      .select({ payNo: payOrders.payNo, amount: payOrders.amount, partnerTradeNo: payOrders.partnerTradeNo })
      .from(payOrders)
      .where(and(eq(payOrders.channel, partner.channel), eq(payOrders.status, PayOrderStatus.PAID), gte(payOrders.paidAt, from), lt(payOrders.paidAt, to)));
    const refunds = await tx
      .select({ refundNo: payRefunds.refundNo, payNo: payOrders.payNo, amount: payRefunds.amount })
      .from(payRefunds)
      .innerJoin(payOrders, eq(payOrders.id, payRefunds.payOrderId))
      .where(and(eq(payRefunds.channel, partner.channel), eq(payRefunds.status, PayRefundStatus.SUCCESS), gte(payRefunds.doneAt, from), lt(payRefunds.doneAt, to)));
    const { matched, found } = matchStatement(lines, { pays, refunds });
    const [run] = await tx
      .insert(reconRuns)
      .values({ channel: partner.channel, day, status: 'done', partnerCount: lines.length, matchedCount: matched, discrepancyCount: found.length, createdAt: now })
      .returning({ id: reconRuns.id });
    if (found.length) await tx.insert(reconDiscrepancies).values(found.map((f) => ({ ...f, runId: run!.id })));
    return run!.id;
  });
}

// `${reconRuns}.id` qualified: drizzle writes a one-table select's columns unqualified, which inside the subquery
// would name the discrepancy's own id (every run then counted the wrong rows).
const openCount = sql<number>`(select count(*)::int from ${reconDiscrepancies} d where d.run_id = ${reconRuns}.id and d.resolved_at is null)`;

export async function listReconRuns(db: Db, q: PageQuery): Promise<{ list: ReconRunRow[]; total: number }> {
  const rows = await db
    .select({ run: reconRuns, openCount, total: sql<number>`count(*) over ()::int` })
    .from(reconRuns)
    .orderBy(desc(reconRuns.day), desc(reconRuns.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ run, openCount }) => ({
      id: run.id,
      channel: run.channel,
      day: run.day,
      status: run.status,
      partnerCount: run.partnerCount,
      matchedCount: run.matchedCount,
      discrepancyCount: run.discrepancyCount,
      openCount: Number(openCount),
      error: run.error,
      createdAt: run.createdAt.toISOString(),
    })),
  };
}

export async function listDiscrepancies(
  db: Db,
  q: PageQuery & { runId?: number | undefined; open?: boolean | undefined },
): Promise<{ list: ReconDiscrepancyRow[]; total: number }> {
  const where = and(q.runId ? eq(reconDiscrepancies.runId, q.runId) : undefined, q.open ? isNull(reconDiscrepancies.resolvedAt) : undefined);
  const rows = await db
    .select({ d: reconDiscrepancies, channel: reconRuns.channel, day: reconRuns.day, resolver: users.realName, resolverPhone: users.phone, total: sql<number>`count(*) over ()::int` })
    .from(reconDiscrepancies)
    .innerJoin(reconRuns, eq(reconRuns.id, reconDiscrepancies.runId))
    .leftJoin(users, eq(users.id, reconDiscrepancies.resolvedBy))
    .where(where)
    .orderBy(desc(reconDiscrepancies.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ d, channel, day, resolver, resolverPhone }) => ({
      id: d.id,
      runId: d.runId,
      channel,
      day,
      kind: d.kind,
      payNo: d.payNo,
      refundNo: d.refundNo,
      partnerTradeNo: d.partnerTradeNo,
      partnerAmount: d.partnerAmount,
      ourAmount: d.ourAmount,
      note: d.note,
      resolution: d.resolution,
      resolvedBy: d.resolvedBy ? resolver || resolverPhone || null : null,
      resolvedAt: d.resolvedAt?.toISOString() ?? null,
    })),
  };
}

/** A platform administrator resolves a discrepancy with a note; who and when are kept, and the audit log says so. */
export async function resolveDiscrepancy(db: Db, actor: AuditActor, input: ReconResolveInput, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [d] = await tx.select().from(reconDiscrepancies).where(eq(reconDiscrepancies.id, input.id)).for('update');
    if (!d) throw notFound();
    if (d.resolvedAt) throw fail('RECON_ALREADY_RESOLVED');
    await tx
      .update(reconDiscrepancies)
      .set({ resolution: input.note, resolvedBy: actor.userId, resolvedAt: now })
      .where(eq(reconDiscrepancies.id, d.id));
    await recordAudit(tx, actor, { action: 'recon.resolve', targetType: 'recon_discrepancy', targetId: d.id, before: { kind: d.kind, payNo: d.payNo, refundNo: d.refundNo }, after: { resolution: input.note } });
  });
}
