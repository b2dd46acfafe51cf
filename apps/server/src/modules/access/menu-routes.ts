import type { FastifyInstance } from 'fastify';
import { menuEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { hiddenLinks, menusForCaller, otherTypeLinks } from './menus.ts';
import { requestPermissions } from './permissions.ts';

/** The caller's menu and permissions (the dashboard counts: modules/workbench). */
export default async function menuRoutes(app: FastifyInstance) {
  route(app, e.webMenus, async (request) => ok(await menusForCaller(app.db, caller(request))));

  /** What the caller may do (the browser hides what the server would refuse). */
  route(app, e.myAccess, async (request) => {
    const auth = caller(request);
    const permissions = [...(await requestPermissions(request))].sort();
    const [hidden, otherType] = await Promise.all([hiddenLinks(app.db, auth), otherTypeLinks(app.db, auth)]);
    return ok({ isCompanyAdmin: auth.isCompanyAdmin, permissions, hiddenLinks: hidden, otherTypeLinks: otherType });
  });
}
