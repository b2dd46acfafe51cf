import type { FastifyInstance } from 'fastify';
import { messageEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { listMessages, markRead, unreadCount } from './inbox.ts';

/** The workbench inbox (basic): list, unread count, mark read. Always scoped to the caller's company. */
export default async function notificationRoutes(app: FastifyInstance) {
  route(app, e.messageList, async (request) => ok(await listMessages(app.db, companyCaller(request).companyId, request.query)));

  route(app, e.messageUnreadCount, async (request) => ok(await unreadCount(app.db, companyCaller(request).companyId)));

  route(app, e.messageRead, async (request) => ok(await markRead(app.db, companyCaller(request).companyId, request.body)));
}
