import { and, eq } from 'drizzle-orm';
import {
  CompanyType,
  creditAccountMachine,
  CreditMovement,
  MerchantStatus,
  type CreditAdjustInput,
  type CreditApproveInput,
  type CreditTermsInput,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, creditAccounts } from '../../db/schema/index.ts';
import { recordHistory, transition } from '../../lib/transition.ts';
import { recordAudit } from '../audit/index.ts';
import type { Caller } from '../auth/index.ts';
import {
  accountFor,
  actorOf,
  appendMovement,
  DOC,
  guardAccount,
  historyActor,
  inTx,
  requireType,
  sumOf,
  tellOther,
} from './ledger.ts';
import { fail } from './messages.ts';

/**
 * The account's life (decision 0131): the purchaser requests it from a supplier (again after a refusal); the
 * supplier approves with a limit and payment days or rejects; later changes of the terms are audited;
 * freeze/unfreeze with a reason; adjustments with a reason are ledger rows (kind 5).
 */

/** The purchaser asks a supplier (an approved, open shop) for an account. */
export async function applyAccount(
  db: Db,
  caller: Caller,
  input: { sellerCompanyId: number; remark?: string },
  now = new Date(),
): Promise<{ id: number }> {
  requireType(caller, 'buyer');
  return inTx(db, async (t) => {
    const [seller] = await t.select().from(companies).where(eq(companies.id, input.sellerCompanyId));
    if (!seller || seller.type !== CompanyType.SUPPLIER || seller.merchantStatus !== MerchantStatus.APPROVED)
      throw fail('CREDIT_SUPPLIER_REQUIRED');
    const [buyer] = await t
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, caller.companyId));
    const remark = input.remark ?? '';
    const [existing] = await t
      .select()
      .from(creditAccounts)
      .where(
        and(
          eq(creditAccounts.buyerCompanyId, caller.companyId),
          eq(creditAccounts.sellerCompanyId, seller.id),
        ),
      )
      .for('update');
    let id: number;
    const actor = await historyActor(t, caller, 'buyer');
    if (existing) {
      await transition(t, {
        machine: creditAccountMachine,
        action: 'apply',
        docType: DOC.account,
        docId: existing.id,
        from: existing.status,
        actor,
        note: remark,
        now,
        apply: async (status) => {
          await t
            .update(creditAccounts)
            .set({
              status,
              requestRemark: remark,
              rejectReason: null,
              requestedBy: caller.userId,
              createdAt: now,
              updatedAt: now,
            })
            .where(eq(creditAccounts.id, existing.id));
        },
      });
      id = existing.id;
    } else {
      const [row] = await t
        .insert(creditAccounts)
        .values({
          buyerCompanyId: caller.companyId,
          buyerCompanyName: buyer!.name,
          sellerCompanyId: seller.id,
          sellerCompanyName: seller.name,
          requestRemark: remark,
          requestedBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: creditAccounts.id, status: creditAccounts.status });
      id = row!.id;
      await recordHistory(t, { docType: DOC.account, docId: id, action: 'create', fromStatus: null, toStatus: row!.status, actor, note: remark, now });
    }
    const a = (await t.select().from(creditAccounts).where(eq(creditAccounts.id, id)))[0]!;
    await tellOther(
      t,
      a,
      'buyer',
      '新的信用账户申请',
      `${a.buyerCompanyName} 申请开通信用账户，请审核。${remark}`,
      undefined,
      { event: 'credit.requested', vars: { party: a.buyerCompanyName.slice(0, 12) } },
    );
    return { id };
  });
}

/** The supplier approves a pending request: 待审核 → 正常 with the limit and payment days. */
export async function approveAccount(
  db: Db,
  caller: Caller,
  input: CreditApproveInput,
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.id, 'seller', true);
    const limit = toYuan(toFen(input.creditLimit));
    await transition(t, {
      machine: creditAccountMachine,
      action: 'approve',
      docType: DOC.account,
      docId: a.id,
      from: a.status,
      actor: await historyActor(t, caller, 'seller'),
      note: `信用额度 ¥${limit}，账期 ${input.paymentDays} 天`,
      now,
      apply: async (status) => {
        await t
          .update(creditAccounts)
          .set({
            status,
            creditLimit: limit,
            paymentDays: input.paymentDays,
            approvedBy: caller.userId,
            approvedAt: now,
            updatedAt: now,
          })
          .where(eq(creditAccounts.id, a.id));
      },
    });
    await tellOther(
      t,
      a,
      'seller',
      '信用账户已开通',
      `${a.sellerCompanyName} 已开通信用账户：信用额度 ¥${limit}，账期 ${input.paymentDays} 天。`,
    );
  });
}

/** The supplier rejects a pending request with a reason (the purchaser may ask again). */
export async function rejectAccount(
  db: Db,
  caller: Caller,
  input: { id: number; reason: string },
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.id, 'seller', true);
    await transition(t, {
      machine: creditAccountMachine,
      action: 'reject',
      docType: DOC.account,
      docId: a.id,
      from: a.status,
      actor: await historyActor(t, caller, 'seller'),
      note: input.reason,
      now,
      apply: async (status) => {
        await t
          .update(creditAccounts)
          .set({ status, rejectReason: input.reason, updatedAt: now })
          .where(eq(creditAccounts.id, a.id));
      },
    });
    await tellOther(
      t,
      a,
      'seller',
      '信用账户申请未通过',
      `${a.sellerCompanyName} 未通过您的信用账户申请：${input.reason}`,
    );
  });
}

/** The supplier changes the limit or payment days of a live account; the change is audited (before/after). */
export async function changeTerms(
  db: Db,
  caller: Caller,
  input: CreditTermsInput,
  ip = '',
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.id, 'seller', true);
    guardAccount(a, 'changeTerms');
    const limit = toYuan(toFen(input.creditLimit));
    if (limit === a.creditLimit && input.paymentDays === a.paymentDays) throw fail('CREDIT_TERMS_UNCHANGED');
    await t
      .update(creditAccounts)
      .set({ creditLimit: limit, paymentDays: input.paymentDays, updatedAt: now })
      .where(eq(creditAccounts.id, a.id));
    await recordAudit(
      t,
      { userId: caller.userId, ip },
      {
        action: 'credit.terms',
        targetType: 'credit_account',
        targetId: a.id,
        before: { creditLimit: a.creditLimit, paymentDays: a.paymentDays },
        after: { creditLimit: limit, paymentDays: input.paymentDays, reason: input.reason },
      },
    );
    await tellOther(
      t,
      a,
      'seller',
      '信用额度已调整',
      `信用额度 ¥${a.creditLimit} → ¥${limit}，账期 ${a.paymentDays} → ${input.paymentDays} 天。原因：${input.reason}`,
    );
  });
}

/** Freeze (正常 → 已冻结: no payments, no refunds; recharges still allowed) or unfreeze, with a reason. */
export async function setFrozen(
  db: Db,
  caller: Caller,
  input: { id: number; reason: string },
  frozen: boolean,
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.id, 'seller', true);
    await transition(t, {
      machine: creditAccountMachine,
      action: frozen ? 'freeze' : 'unfreeze',
      docType: DOC.account,
      docId: a.id,
      from: a.status,
      actor: await historyActor(t, caller, 'seller'),
      note: input.reason,
      now,
      apply: async (status) => {
        await t
          .update(creditAccounts)
          .set({ status, freezeReason: frozen ? input.reason : null, updatedAt: now })
          .where(eq(creditAccounts.id, a.id));
      },
    });
    await tellOther(
      t,
      a,
      'seller',
      frozen ? '信用账户已冻结' : '信用账户已解冻',
      `${a.sellerCompanyName}${frozen ? '冻结' : '解冻'}了信用账户：${input.reason}`,
    );
  });
}

/**
 * The supplier's adjustment (kind 5) of the balance or the credit used, with a reason. Neither may go below
 * zero: a negative balance would be money the purchaser never had, negative credit used a debt of the supplier.
 */
export async function adjustAccount(
  db: Db,
  caller: Caller,
  input: CreditAdjustInput,
  now = new Date(),
): Promise<void> {
  requireType(caller, 'seller');
  await inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.id, 'seller', true);
    guardAccount(a, 'adjust');
    const s = await sumOf(t, a.id);
    const fen = toFen(input.amount);
    const balance = input.target === 1;
    if (balance && s.balanceFen + fen < 0)
      throw fail('CREDIT_ADJUST_BALANCE_NEGATIVE', { balance: toYuan(s.balanceFen) });
    if (!balance && s.creditFen + fen < 0)
      throw fail('CREDIT_ADJUST_USED_NEGATIVE', { used: toYuan(s.creditFen) });
    const by = await actorOf(t, caller);
    await appendMovement(
      t,
      a.id,
      {
        kind: CreditMovement.ADJUSTMENT,
        balanceFen: balance ? fen : 0,
        creditFen: balance ? 0 : fen,
        dueAt: !balance && fen > 0 ? new Date(now.getTime() + a.paymentDays * 86_400_000) : null,
        note: input.reason,
      },
      by,
      now,
    );
    await tellOther(
      t,
      a,
      'seller',
      '信用账户已调整',
      `${balance ? '余额' : '已用额度'}调整 ${fen > 0 ? '+' : ''}¥${toYuan(fen)}：${input.reason}`,
    );
  });
}
