import type { FastifyInstance } from 'fastify';
import { rmaEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { applyRma, rmaApplyInfo } from './apply.ts';
import { listRmas, rmaCounts, rmaDetail } from './queries.ts';
import { approveRma, exchangeRma, receiveRma, refundRma, rejectRma, shipBackRma, withdrawRma } from './transitions.ts';

/** After-sales (rma/*): the purchaser's and the supplier's calls, each scoped to the caller's company and side. */
export default async function aftersalesRoutes(app: FastifyInstance) {
  const rules = app.config.orderRules;
  route(app, e.rmaApplyInfo, async (request) => ok(await rmaApplyInfo(app.db, companyCaller(request), request.query.orderId, rules)));
  route(app, e.rmaApply, async (request) => ok(await applyRma(app.db, companyCaller(request), request.body, rules), '售后申请已提交，等待供应商审核'));
  route(app, e.rmaList, async (request) => ok(await listRmas(app.db, companyCaller(request), request.body)));
  route(app, e.rmaCounts, async (request) => ok(await rmaCounts(app.db, companyCaller(request), request.query.type)));
  route(app, e.rmaDetail, async (request) => ok(await rmaDetail(app.db, companyCaller(request), request.query.id)));
  route(app, e.rmaWithdraw, async (request) => {
    await withdrawRma(app.db, companyCaller(request), request.body.id, request.body.note);
    return ok(null, '售后申请已撤销');
  });
  route(app, e.rmaApprove, async (request) => {
    await approveRma(app.db, companyCaller(request), request.body);
    return ok(null, '已同意售后申请');
  });
  route(app, e.rmaReject, async (request) => {
    await rejectRma(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '已驳回售后申请');
  });
  route(app, e.rmaShipBack, async (request) => {
    await shipBackRma(app.db, companyCaller(request), request.body.id, request.body.carrier, request.body.trackingNo, new Date(), request.body.carrierCode);
    return ok(null, '寄回物流已提交');
  });
  route(app, e.rmaReceive, async (request) => {
    await receiveRma(app.db, companyCaller(request), request.body);
    return ok(null, '已确认收货，退回商品已按处理方式入库');
  });
  route(app, e.rmaRefund, async (request) => {
    await refundRma(app.db, companyCaller(request), request.body.id, request.body);
    return ok(null, '退款已登记，售后完成');
  });
  route(app, e.rmaExchange, async (request) => ok(await exchangeRma(app.db, companyCaller(request), request.body.id, rules), '换货订单已创建，售后完成'));
}
