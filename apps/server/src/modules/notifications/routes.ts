import type { FastifyInstance } from 'fastify';
import { messageEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { deleteMessages, listMessages, markRead, unreadCounts } from './inbox.ts';
import liveRoutes, { UNREAD_EVENT } from './live.ts';
import { startOutbound } from './outbound.ts';
import { orderReceiversOf, saveOrderReceivers } from './receivers.ts';
import { noticeSettingsOf, saveNoticeSettings } from './settings.ts';

/** The workbench inbox: list by category, unread counts, mark read, delete, and the live socket. Always scoped to the caller's company. */
export default async function notificationRoutes(app: FastifyInstance) {
  await app.register(liveRoutes);
  startOutbound(app);
  /** The company's other open workbenches (any instance) refresh their badge. */
  const changed = (companyId: number, n: number) => {
    if (n > 0) app.bus.publish(UNREAD_EVENT, { companyId });
  };

  route(app, e.messageList, async (request) =>
    ok(await listMessages(app.db, companyCaller(request), request.query)),
  );

  route(app, e.messageUnreadCount, async (request) =>
    ok(await unreadCounts(app.db, companyCaller(request))),
  );

  route(app, e.messageRead, async (request) => {
    const caller = companyCaller(request);
    const { companyId } = caller;
    const r = await markRead(app.db, caller, request.body);
    changed(companyId, r.updated);
    return ok(r);
  });

  route(app, e.messageDelete, async (request) => {
    const caller = companyCaller(request);
    const { companyId } = caller;
    const r = await deleteMessages(app.db, caller, request.body.ids);
    changed(companyId, r.deleted);
    return ok(r, r.deleted ? '已删除' : '消息不存在或已删除');
  });

  route(app, e.noticeSettingsGet, async (request) => ok(await noticeSettingsOf(app.db, app.outbound, companyCaller(request).userId)));

  route(app, e.noticeSettingsSave, async (request) =>
    ok(await saveNoticeSettings(app.db, app.outbound, companyCaller(request).userId, request.body), '已保存'),
  );

  route(app, e.orderReceiversGet, async (request) => ok(await orderReceiversOf(app.db, companyCaller(request))));

  route(app, e.orderReceiversSave, async (request) =>
    ok(await saveOrderReceivers(app.db, companyCaller(request), request.body), '已保存'),
  );
}
