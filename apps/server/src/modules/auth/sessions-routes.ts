import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { endSessions, listSessions, securityOverview } from './security.ts';

/** The security page's calls: overview, active sessions, end other sessions. */
export default async function sessionsRoutes(app: FastifyInstance) {
  route(app, e.security, async (request) => ok(await securityOverview(app.db, caller(request).userId)));
  route(app, e.sessionList, async (request) => ok(await listSessions(app.db, caller(request))));
  route(app, e.sessionsEnd, async (request) => {
    await endSessions(app.db, caller(request), request.body.ids);
    return ok(null, '已退出其他设备');
  });
}
