import type { FastifyInstance } from 'fastify';
import { adminTradeEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { sendDownload } from '../../../lib/download.ts';
import { auditActor } from '../../audit/index.ts';
import { decideDispute, listDisputes } from './disputes.ts';
import { listListings, setListingTakenDown } from './listings.ts';
import { listAllOrders, orderForConsole } from './orders.ts';
import { exportTradeStats, tradeStats } from './stats.ts';

/** Console: oversight of the trade (decision 0187). The /admin/api guard admits platform administrators only. */
export default async function adminTradeRoutes(app: FastifyInstance) {
  route(app, e.adminOrderList, async (request) => ok(await listAllOrders(app.db, request.body)));
  route(app, e.adminOrderDetail, async (request) => ok(await orderForConsole(app.db, request.params.id)));
  route(app, e.adminDisputeList, async (request) => ok(await listDisputes(app.db, request.body)));
  route(app, e.adminDisputeDecide, async (request) => {
    await decideDispute(app.db, auditActor(request), request.body);
    return ok(null, request.body.support === 'buyer' ? '已裁决：支持采购商，售后申请按同意继续处理' : '已裁决：支持供应商，售后申请已关闭');
  });
  route(app, e.adminListingList, async (request) => ok(await listListings(app.db, request.body)));
  route(app, e.adminListingTakedown, async (request) => {
    await setListingTakenDown(app.db, auditActor(request), request.body);
    return ok(null, request.body.down ? '已下架，发布方已收到通知' : '已恢复公开，发布方已收到通知');
  });
  route(app, e.adminTradeStats, async (request) => ok(await tradeStats(app.db, request.body)));
  route(app, e.adminTradeStatsExport, async (request, reply) => {
    const q = request.body;
    const file = await exportTradeStats(app.db, q);
    return sendDownload(reply, file, `trade-stats.xlsx`, `平台交易统计_${q.dateFrom}_${q.dateTo}.xlsx`);
  });
}
