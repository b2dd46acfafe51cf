import { eq } from 'drizzle-orm';
import { PAY_CLOCKS, PayOrderStatus, PayRefundStatus, addDays as addChinaDays, chinaDay, toFen } from '@aquamall/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { payOrders, payRefunds } from '../../db/schema/index.ts';
import type { PayPartners } from '../../lib/partners/pay/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { registerRecurringJob } from '../jobs/index.ts';
import { scheduleJob } from '../jobs/index.ts';
import { applyQuery } from './notify.ts';
import { endPayOrder, partnerOf } from './pay-orders.ts';
import { reconcileDay } from './recon.ts';
import { lockRefund, REFUND_JOB, refundFailed, refundSucceeded } from './refunds.ts';
import { payeeOfPayOrder } from './sub-merchants.ts';

export const RECON_DAILY_JOB = 'pay.recon_daily';
export const RECON_DAY_JOB = 'pay.recon_day';
const DAY_MS = 86_400_000;

/** A China day as a job payload (20261207) and back. */
export const dayRef = (day: string) => Number(day.replace(/-/g, ''));
export const refDay = (ref: number) => `${String(ref).slice(0, 4)}-${String(ref).slice(4, 6)}-${String(ref).slice(6, 8)}`;

/**
 * The payment jobs (decision 0207). The partner is always called outside any transaction (detached jobs), and its
 * answer applied in one:
 * - `pay.query`: a minute after a payment order opens, if no notification paid it, ask the partner (late notification);
 * - `pay.expire`: at expiry ask once more, then close the trade at the partner and the payment order here;
 * - `pay.refund`: send a booked refund; success and failure are applied (WeChat's notification may follow: a duplicate);
 * - `pay.recon_daily` (every day at 08:00 China time) schedules `pay.recon_day` for the day before, which reconciles
 *   every configured channel.
 */
export function registerPaymentJobs(partners: PayPartners): void {
  const openRow = async (db: Db, id: number) => {
    const [p] = await db.select().from(payOrders).where(eq(payOrders.id, id));
    return p && p.status === PayOrderStatus.OPEN ? p : null;
  };
  defineJob({
    kind: PAY_CLOCKS.QUERY,
    payload: recordId,
    detached: { leaseMs: 60_000 },
    handler: async (db, id, { now }) => {
      const p = await openRow(db, id);
      const partner = p && partnerOf(partners, p.channel);
      if (!p || !partner) return;
      await applyQuery(db, partner, id, await partner.query(p.payNo, await payeeOfPayOrder(db, p)), now);
    },
  });
  defineJob({
    kind: PAY_CLOCKS.EXPIRE,
    payload: recordId,
    detached: { leaseMs: 60_000 },
    handler: async (db, id, { now }) => {
      const p = await openRow(db, id);
      if (!p) return;
      const partner = partnerOf(partners, p.channel);
      if (partner) {
        const payee = await payeeOfPayOrder(db, p);
        const state = await partner.query(p.payNo, payee);
        if (state.state === 'paid') {
          await applyQuery(db, partner, id, state, now);
          return;
        }
        if (state.state === 'open') await partner.close(p.payNo, payee);
      }
      await inTransaction(db, (tx) => endPayOrder(tx, id, 'close', '支付单已过期', now));
    },
  });
  defineJob({
    kind: REFUND_JOB,
    payload: recordId,
    detached: { leaseMs: 60_000 },
    handler: async (db, id, { now }) => {
      const [r] = await db.select().from(payRefunds).where(eq(payRefunds.id, id));
      if (!r || r.status !== PayRefundStatus.PROCESSING) return;
      const [p] = await db.select().from(payOrders).where(eq(payOrders.id, r.payOrderId));
      const partner = p && partnerOf(partners, p.channel);
      if (!p || !partner) {
        await inTransaction(db, async (tx) => {
          const locked = await lockRefund(tx, { id });
          if (locked) await refundFailed(tx, locked, '支付渠道未配置');
        });
        return;
      }
      const answer = await partner.refund({
        payNo: p.payNo,
        refundNo: r.refundNo,
        amountFen: toFen(r.amount),
        totalFen: toFen(p.amount),
        reason: r.reason || '退款',
        payee: await payeeOfPayOrder(db, p),
      });
      if (answer.status === 'processing') return; // the partner's notification settles it
      await inTransaction(db, async (tx) => {
        const locked = await lockRefund(tx, { id });
        if (!locked) return;
        if (answer.status === 'success') await refundSucceeded(tx, locked, answer.partnerRefundNo ?? '', now);
        else await refundFailed(tx, locked, answer.message ?? '支付渠道拒绝退款');
      });
    },
  });
  defineJob({
    kind: RECON_DAY_JOB,
    payload: z.number().int().min(20000101).max(29991231),
    detached: { leaseMs: 10 * 60_000 },
    handler: async (db, ref, { now }) => {
      for (const partner of [partners.wechat, partners.alipay]) if (partner) await reconcileDay(db, partner, refDay(ref), now);
    },
  });
  registerRecurringJob(RECON_DAILY_JOB, DAY_MS, async (tx, _job, now) => {
    if (!partners.wechat && !partners.alipay) return;
    await scheduleJob(tx, RECON_DAY_JOB, dayRef(addChinaDays(chinaDay(now), -1)), now);
  });
}
