import type { FastifyInstance } from 'fastify';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { MyAccess, WorkbenchTodo } from '@aquamall/shared';
import { companies, messages, roles, users } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { hiddenLinks, menusForCaller } from './menus.ts';
import { requestPermissions } from './permissions.ts';

/** The caller's menu, permissions and dashboard counts. */
export default async function menuRoutes(app: FastifyInstance) {
  /** GET /api/appuser/getWebMenus — flat list; the client builds the tree (SPEC §3). */
  app.get('/api/appuser/getWebMenus', { preHandler: app.requireUser }, async (request) => {
    return ok(await menusForCaller(app.db, caller(request)));
  });

  /** GET /api/role/mine — what the caller may do (the browser hides what the server would refuse). */
  app.get('/api/role/mine', { preHandler: app.requireUser }, async (request) => {
    const auth = caller(request);
    const permissions = [...(await requestPermissions(request))].sort();
    return ok<MyAccess>({
      isCompanyAdmin: auth.isCompanyAdmin,
      permissions,
      hiddenLinks: await hiddenLinks(app.db, auth),
    });
  });

  /** GET /api/workbench/todo — counts for customer-home. */
  app.get('/api/workbench/todo', { preHandler: app.requireCompanyUser }, async (request) => {
    const auth = caller(request);
    const companyId = auth.companyId!;
    const [[unread], [userCount], [disabled], [roleCount], [company]] = await Promise.all([
      app.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), isNull(messages.readAt))),
      app.db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
      app.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.disabled, true))),
      app.db.select({ n: count() }).from(roles).where(eq(roles.companyId, companyId)),
      app.db
        .select({
          certStatus: companies.certStatus,
          merchantStatus: companies.merchantStatus,
          memberLevel: companies.memberLevel,
          isMemberVail: companies.isMemberVail,
        })
        .from(companies)
        .where(eq(companies.id, companyId)),
    ]);
    return ok<WorkbenchTodo>({
      unreadMessages: unread?.n ?? 0,
      users: userCount?.n ?? 0,
      disabledUsers: disabled?.n ?? 0,
      roles: roleCount?.n ?? 0,
      certStatus: company?.certStatus ?? 0,
      merchantStatus: company?.merchantStatus ?? 0,
      memberLevel: company?.memberLevel ?? 0,
      isMemberVail: company?.isMemberVail ?? 0,
    });
  });
}
