import type { FastifyInstance } from 'fastify';
import { auditEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { searchAudit } from './search.ts';

/** POST /admin/api/audit/list — search the audit log. There is deliberately no update or delete endpoint. */
export default async function auditRoutes(app: FastifyInstance) {
  route(app, e.adminAuditList, async (request) => ok(await searchAudit(app.db, request.body)));
}
