import type { FastifyInstance } from 'fastify';
import { orderEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { exportOrders } from './export.ts';
import {
  cancelOrder,
  confirmOrder,
  confirmPayment,
  payOrder,
  receiveOrder,
  rejectPayment,
  repriceOrder,
  shipOrder,
} from './lifecycle.ts';
import { listOrders, orderDetail } from './queries.ts';
import { registerOrderJobs } from './timed-rules.ts';
import { registerOrderCountJobs } from './counts.ts';
import { sendDownload } from '../../lib/download.ts';

/** Orders seen from both sides (/customer/order … saleOrder, order/detail) and their lifecycle. */
export default async function orderRoutes(app: FastifyInstance) {
  registerOrderJobs();
  registerOrderCountJobs();
  const rules = app.config.orderRules;
  route(app, e.orderList, async (request) =>
    ok(await listOrders(app.db, companyCaller(request), request.body)),
  );
  route(app, e.orderExport, async (request, reply) => {
    const file = await exportOrders(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'orders.xlsx', '订单列表.xlsx');
  });
  route(app, e.orderDetail, async (request) =>
    ok(await orderDetail(app.db, companyCaller(request), request.query.id, request.query.type, rules)),
  );
  route(app, e.orderReprice, async (request) => {
    await repriceOrder(app.db, companyCaller(request), request.body);
    return ok(null, '价格已修改，等待确认订单');
  });
  route(app, e.orderConfirm, async (request) => {
    await confirmOrder(app.db, companyCaller(request), request.body.orderId, rules);
    return ok(null, '订单已确认，等待采购商付款');
  });
  route(app, e.orderCancel, async (request) => {
    await cancelOrder(app.db, companyCaller(request), request.body);
    return ok(null, '订单已取消');
  });
  route(app, e.orderPay, async (request) => ok(null, await payOrder(app.db, companyCaller(request), request.body)));
  route(app, e.orderPayConfirm, async (request) => {
    const r = await confirmPayment(app.db, companyCaller(request), request.body);
    return ok(r, r.paid ? '已确认收款' : `已确认部分收款，待付 ¥${r.remainingAmount}`);
  });
  route(app, e.orderPayReject, async (request) => {
    await rejectPayment(app.db, companyCaller(request), request.body, rules);
    return ok(null, '已驳回付款凭证');
  });
  route(app, e.orderShip, async (request) => {
    await shipOrder(app.db, companyCaller(request), request.body, rules);
    return ok(null, '发货成功');
  });
  route(app, e.orderReceive, async (request) => {
    await receiveOrder(app.db, companyCaller(request), request.body.orderId);
    return ok(null, '已确认收货，订单完成');
  });
}
