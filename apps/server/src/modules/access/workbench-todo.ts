import { and, count, eq } from 'drizzle-orm';
import type { WorkbenchTodo } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, roles, users } from '../../db/schema/index.ts';
import { unreadTotal } from '../notifications/inbox.ts';

/** Counts for the workbench home of one company. */
export async function workbenchTodo(db: Db, companyId: number): Promise<WorkbenchTodo> {
  const [[unread], [userCount], [disabled], [roleCount], [company]] = await Promise.all([
    unreadTotal(db, companyId).then((n) => [{ n }]),
    db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.disabled, true))),
    db.select({ n: count() }).from(roles).where(eq(roles.companyId, companyId)),
    db
      .select({
        certStatus: companies.certStatus,
        merchantStatus: companies.merchantStatus,
        memberLevel: companies.memberLevel,
        isMemberVail: companies.isMemberVail,
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ]);
  return {
    unreadMessages: unread?.n ?? 0,
    users: userCount?.n ?? 0,
    disabledUsers: disabled?.n ?? 0,
    roles: roleCount?.n ?? 0,
    certStatus: company?.certStatus ?? 0,
    merchantStatus: company?.merchantStatus ?? 0,
    memberLevel: company?.memberLevel ?? 0,
    isMemberVail: company?.isMemberVail ?? 0,
  };
}
