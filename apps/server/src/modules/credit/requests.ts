import { and, eq, sql } from 'drizzle-orm';
import {
  CreditMovement,
  CreditRequestKind,
  creditRequestMachine,
  CreditRequestStatus,
  type CreditRechargeInput,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { creditRequests } from '../../db/schema/index.ts';
import { isError } from '../../lib/errors.ts';
import { recordHistory, transition } from '../../lib/transition.ts';
import { assertOwnUploads } from '../files/index.ts';
import type { Caller } from '../auth/index.ts';
import {
  accountFor,
  actorOf,
  appendMovement,
  bookIncoming,
  DOC,
  guardAccount,
  historyActor,
  inTx,
  requireType,
  sumOf,
  tellOther,
  type AccountRow,
  type Side,
} from './ledger.ts';
import { creditErrors, fail } from './messages.ts';

/**
 * Recharges and refunds (decision 0131). The purchaser's recharge (transfer proof) and refund wish wait for the
 * supplier, who confirms (the ledger rows are written in the same transaction, the account locked) or rejects.
 * The supplier's 客户充值 is booked at once and kept as a confirmed request, so both lists show it.
 */

const requestLink = (kind: number) =>
  `/customer/companyAccount/${kind === CreditRequestKind.RECHARGE ? 'rechargeIndex' : 'refundIndex'}`;

/** Files one request row of the caller (pending unless `extra` says otherwise); amounts in yuan. */
async function insertRequest(
  t: Db,
  caller: Caller,
  side: Side,
  accountId: number,
  kind: number,
  amount: string,
  remark: string | undefined,
  now: Date,
  extra: Partial<typeof creditRequests.$inferInsert> = {},
): Promise<number> {
  const [row] = await t
    .insert(creditRequests)
    .values({ accountId, kind, amount, remark: remark ?? '', createdBy: caller.userId, createdAt: now, ...extra })
    .returning({ id: creditRequests.id, status: creditRequests.status });
  await recordHistory(t, {
    docType: DOC.request,
    docId: row!.id,
    action: 'create',
    fromStatus: null,
    toStatus: row!.status,
    actor: await historyActor(t, caller, side),
    note: remark,
    now,
  });
  return row!.id;
}

/** Σ of the account's pending refund requests, in fen. */
async function pendingRefundFen(t: Db, accountId: number): Promise<number> {
  const [r] = await t
    .select({ s: sql<string>`coalesce(sum(${creditRequests.amount}), 0)::text` })
    .from(creditRequests)
    .where(
      and(
        eq(creditRequests.accountId, accountId),
        eq(creditRequests.kind, CreditRequestKind.REFUND),
        eq(creditRequests.status, CreditRequestStatus.PENDING),
      ),
    );
  return toFen(r!.s);
}

/** The purchaser submits a recharge with a transfer proof (own uploads only); also while frozen. */
export async function requestRecharge(
  db: Db,
  caller: Caller,
  input: CreditRechargeInput,
  now = new Date(),
): Promise<{ id: number }> {
  requireType(caller, 'buyer');
  const proof = await assertOwnUploads(
    db,
    caller.companyId,
    input.proofFiles,
    creditErrors.CREDIT_PROOF_FILE_REFUSED.message,
  );
  return inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.accountId, 'buyer', true);
    guardAccount(a, 'recharge');
    const amount = toYuan(toFen(input.amount));
    const id = await insertRequest(t, caller, 'buyer', a.id, CreditRequestKind.RECHARGE, amount, input.remark, now, {
      proofFiles: proof.map((p) => ({ name: p.split('/').pop() ?? p, path: p })),
    });
    await tellOther(
      t,
      a,
      'buyer',
      '客户提交了充值凭证',
      `${a.buyerCompanyName} 充值 ¥${amount}，请核实到账后确认。`,
      '/customer/companyAccount/customerRecharge',
    );
    return { id };
  });
}

/** The purchaser asks for a refund of balance: only on an active account, at most balance less pending refunds. */
export async function requestRefund(
  db: Db,
  caller: Caller,
  input: { accountId: number; amount: number; remark?: string },
  now = new Date(),
): Promise<{ id: number }> {
  requireType(caller, 'buyer');
  return inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.accountId, 'buyer', true);
    guardAccount(a, 'refund');
    const fen = toFen(input.amount);
    const free = (await sumOf(t, a.id)).balanceFen - (await pendingRefundFen(t, a.id));
    if (fen > free) throw fail('CREDIT_REFUND_OVER_FREE', { free: toYuan(Math.max(free, 0)) });
    const id = await insertRequest(t, caller, 'buyer', a.id, CreditRequestKind.REFUND, toYuan(fen), input.remark, now);
    await tellOther(
      t,
      a,
      'buyer',
      '客户申请退款',
      `${a.buyerCompanyName} 申请退还余额 ¥${toYuan(fen)}。`,
      requestLink(CreditRequestKind.REFUND),
    );
    return { id };
  });
}

/** 客户充值: the supplier books money received from the customer (repays credit first, then balance). */
export async function customerRecharge(
  db: Db,
  caller: Caller,
  input: { accountId: number; amount: number; remark?: string },
  now = new Date(),
): Promise<{ id: number }> {
  requireType(caller, 'seller');
  return inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.accountId, 'seller', true);
    guardAccount(a, 'customerRecharge');
    const fen = toFen(input.amount);
    const by = await actorOf(t, caller);
    const id = await insertRequest(t, caller, 'seller', a.id, CreditRequestKind.RECHARGE, toYuan(fen), input.remark, now, {
      status: CreditRequestStatus.CONFIRMED,
      decidedBy: caller.userId,
      decidedAt: now,
    });
    const ledgerId = await bookIncoming(
      t,
      a,
      fen,
      { requestId: id, note: `客户充值${input.remark ? `：${input.remark}` : ''}` },
      by,
      now,
    );
    await t.update(creditRequests).set({ ledgerId }).where(eq(creditRequests.id, id));
    await tellOther(
      t,
      a,
      'seller',
      '供应商已为您充值',
      `${a.sellerCompanyName} 已登记充值 ¥${toYuan(fen)}。`,
      requestLink(CreditRequestKind.RECHARGE),
    );
    return { id };
  });
}

/** Locks a request of an account the supplier owns (the account first, then the request). */
async function lockRequest(
  t: Db,
  caller: Caller,
  id: number,
): Promise<{ a: AccountRow; r: typeof creditRequests.$inferSelect }> {
  const [head] = await t
    .select({ accountId: creditRequests.accountId })
    .from(creditRequests)
    .where(eq(creditRequests.id, id));
  if (!head) throw fail('CREDIT_REQUEST_NOT_FOUND');
  const a = await accountFor(t, caller, head.accountId, 'seller', true).catch((e: unknown) => {
    throw isError(e, 'CREDIT_ACCOUNT_NOT_FOUND') ? fail('CREDIT_REQUEST_NOT_FOUND') : e;
  });
  const [r] = await t.select().from(creditRequests).where(eq(creditRequests.id, id)).for('update');
  return { a, r: r! };
}

/** The supplier confirms a recharge (repays credit, then balance) or a refund (≤ balance, not while frozen). */
export async function confirmRequest(db: Db, caller: Caller, id: number, now = new Date()): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const { a, r } = await lockRequest(t, caller, id);
    await transition(t, {
      machine: creditRequestMachine,
      action: 'confirm',
      docType: DOC.request,
      docId: r.id,
      from: r.status,
      actor: await historyActor(t, caller, 'seller'),
      now,
      apply: async (status) => {
        const fen = toFen(r.amount);
        const by = await actorOf(t, caller);
        let ledgerId: number;
        if (r.kind === CreditRequestKind.RECHARGE) {
          guardAccount(a, 'confirmRecharge');
          ledgerId = await bookIncoming(
            t,
            a,
            fen,
            { requestId: r.id, note: `充值确认${r.remark ? `：${r.remark}` : ''}` },
            by,
            now,
          );
        } else {
          guardAccount(a, 'confirmRefund');
          const s = await sumOf(t, a.id);
          if (fen > s.balanceFen) throw fail('CREDIT_REFUND_BALANCE_SHORT', { balance: toYuan(s.balanceFen), amount: r.amount });
          ledgerId = await appendMovement(
            t,
            a.id,
            {
              kind: CreditMovement.REFUND,
              balanceFen: -fen,
              requestId: r.id,
              note: `退款${r.remark ? `：${r.remark}` : ''}`,
            },
            by,
            now,
          );
        }
        await t
          .update(creditRequests)
          .set({ status, decidedBy: caller.userId, decidedAt: now, ledgerId })
          .where(eq(creditRequests.id, r.id));
      },
    });
    const what = r.kind === CreditRequestKind.RECHARGE ? '充值' : '退款';
    await tellOther(
      t,
      a,
      'seller',
      `${what}已确认`,
      `${a.sellerCompanyName} 已确认${what} ¥${r.amount}。`,
      requestLink(r.kind),
    );
  });
}

/** The supplier rejects a pending recharge or refund with a reason; nothing moves. */
export async function rejectRequest(
  db: Db,
  caller: Caller,
  input: { id: number; reason: string },
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const { a, r } = await lockRequest(t, caller, input.id);
    await transition(t, {
      machine: creditRequestMachine,
      action: 'reject',
      docType: DOC.request,
      docId: r.id,
      from: r.status,
      actor: await historyActor(t, caller, 'seller'),
      note: input.reason,
      now,
      apply: async (status) => {
        await t
          .update(creditRequests)
          .set({ status, rejectReason: input.reason, decidedBy: caller.userId, decidedAt: now })
          .where(eq(creditRequests.id, r.id));
      },
    });
    const what = r.kind === CreditRequestKind.RECHARGE ? '充值' : '退款';
    await tellOther(
      t,
      a,
      'seller',
      `${what}申请被驳回`,
      `${a.sellerCompanyName} 驳回了${what} ¥${r.amount}：${input.reason}`,
      requestLink(r.kind),
    );
  });
}
