import type { AdminCompanyListQuery } from '@aquamall/shared';
import { toYuan } from '@aquamall/shared';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { bankAccounts, certifications, companies, merchantApplications, sessions, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { fail } from './messages.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { forgetSessions } from '../auth/index.ts';
import { forgetGoodsAnswers } from '../search/index.ts';
import { forgetGoodsDetails } from '../mall/index.ts';

/** Companies, newest first, paged and filtered. */
export async function listCompanies(db: Db, q: AdminCompanyListQuery) {
  const conds: SQL[] = [];
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(companies.name, k), ilike(companies.shopName, k), ilike(companies.creditCode, k))!);
  }
  if (q.type !== undefined) conds.push(eq(companies.type, q.type));
  if (q.merchantStatus !== undefined) conds.push(eq(companies.merchantStatus, q.merchantStatus));
  if (q.disabled !== undefined) conds.push(eq(companies.disabled, q.disabled));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        creditCode: companies.creditCode,
        memberLevel: companies.memberLevel,
        isMemberVail: companies.isMemberVail,
        certStatus: companies.certStatus,
        merchantStatus: companies.merchantStatus,
        shopName: companies.shopName,
        shopOpen: companies.shopOpen,
        disabled: companies.disabled,
        createdAt: companies.createdAt,
      })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** One company with its users, merchant application, certification and bank account. */
export async function companyDetail(db: Db, id: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, id));
  if (!company) throw fail('COMPANY_NOT_FOUND');
  const [members, [merchant], [cert], [bank]] = await Promise.all([
    db
      .select({ id: users.id, phone: users.phone, realName: users.realName, isCompanyAdmin: users.isCompanyAdmin, disabled: users.disabled, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.companyId, id)),
    db.select({ id: merchantApplications.id, status: merchantApplications.status }).from(merchantApplications).where(eq(merchantApplications.companyId, id)),
    db.select({ id: certifications.id, status: certifications.status, contractSignedAt: certifications.contractSignedAt }).from(certifications).where(eq(certifications.companyId, id)),
    // The main account (default, else the latest in use; decision 0206).
    db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.companyId, id))
      .orderBy(desc(bankAccounts.isDefault), sql`${bankAccounts.disabledAt} is not null`, desc(bankAccounts.id))
      .limit(1),
  ]);
  return {
    company,
    users: members,
    merchantApplication: merchant ?? null,
    certification: cert ?? null,
    // The console sees the sandbox deposit so an operator can help a company through bank/auth.
    bankAccount: bank ? { ...bank, depositYuan: bank.depositFen === null ? null : toYuan(bank.depositFen) } : null,
  };
}

/** Sets membership (audited; the company is told when its level changes). */
export async function setMembership(db: Db, actor: AuditActor, input: { id: number; memberLevel: number; isMemberVail: 0 | 1 }) {
  forgetSessions({ companyIds: [input.id] });
  forgetGoodsAnswers();
  // The shop card on its goods' details shows the member level.
  forgetGoodsDetails({ companyIds: [input.id] });
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ memberLevel: companies.memberLevel, isMemberVail: companies.isMemberVail }).from(companies).where(eq(companies.id, input.id));
    if (!before) throw fail('COMPANY_NOT_FOUND');
    await tx.update(companies).set({ memberLevel: input.memberLevel, isMemberVail: input.isMemberVail, updatedAt: new Date() }).where(eq(companies.id, input.id));
    const after = { memberLevel: input.memberLevel, isMemberVail: input.isMemberVail };
    await recordAudit(tx, actor, { action: 'company.membership', targetType: 'company', targetId: input.id, before, after });
    if (before.memberLevel !== input.memberLevel) {
      await notify(tx, input.id, { type: 'member_upgrade', title: '会员等级已调整', content: `平台已将贵企业的会员等级调整为${input.memberLevel}级。`, linkPath: '/customer/authentication/member' });
    }
    return after;
  });
}

/** Disables (or re-enables) a company; disabling ends every session of its users at once. */
export async function setDisabled(db: Db, actor: AuditActor, input: { id: number; disabled: boolean; reason: string }) {
  forgetSessions({ companyIds: [input.id] });
  // A disabled company's shop is closed: its goods' details are gone at once.
  forgetGoodsDetails({ companyIds: [input.id] });
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ disabled: companies.disabled }).from(companies).where(eq(companies.id, input.id));
    if (!before) throw fail('COMPANY_NOT_FOUND');
    if (before.disabled === input.disabled) throw fail(input.disabled ? 'COMPANY_ALREADY_DISABLED' : 'COMPANY_ALREADY_ENABLED');
    await tx.update(companies).set({ disabled: input.disabled, updatedAt: new Date() }).where(eq(companies.id, input.id));
    let endedSessions = 0;
    if (input.disabled) {
      const ids = (await tx.select({ id: users.id }).from(users).where(eq(users.companyId, input.id))).map((u) => u.id);
      if (ids.length) {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        endedSessions = ended.length;
      }
    }
    await recordAudit(tx, actor, {
      action: input.disabled ? 'company.disable' : 'company.enable',
      targetType: 'company',
      targetId: input.id,
      before,
      after: { disabled: input.disabled, reason: input.reason, endedSessions },
    });
    return { disabled: input.disabled, endedSessions };
  });
}
