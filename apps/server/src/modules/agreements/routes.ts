import type { FastifyInstance } from 'fastify';
import { agreementEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { callOff } from './call-off.ts';
import { acceptAgreement, confirmAgreement, createAgreement, declineAgreement, editAgreement, rejectAgreement, terminateAgreement } from './commands.ts';
import { registerAgreementJobs } from './jobs.ts';
import { agreementBuyers, agreementDetail, listAgreements } from './queries.ts';

/** Framework agreements and call-off orders (agreement/index, agreement/detail, agreement/edit). */
export default async function agreementRoutes(app: FastifyInstance) {
  registerAgreementJobs();
  const rules = app.config.orderRules;
  route(app, e.agreementList, async (request) => ok(await listAgreements(app.db, companyCaller(request), request.body)));
  route(app, e.agreementDetail, async (request) => ok(await agreementDetail(app.db, companyCaller(request), request.query.id)));
  route(app, e.agreementBuyers, async (request) => ok(await agreementBuyers(app.db, request.query.keyword)));
  route(app, e.agreementCreate, async (request) =>
    ok(await createAgreement(app.db, companyCaller(request), request.body), '框架协议已提交，等待采购商确认'),
  );
  route(app, e.agreementEdit, async (request) => {
    await editAgreement(app.db, companyCaller(request), request.body);
    return ok(null, '框架协议已修改，等待采购商确认');
  });
  route(app, e.agreementConfirm, async (request) => {
    await confirmAgreement(app.db, companyCaller(request), request.body.id);
    return ok(null, '框架协议已确认生效');
  });
  route(app, e.agreementReject, async (request) => {
    await rejectAgreement(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '已拒绝该框架协议');
  });
  route(app, e.agreementAccept, async (request) => {
    await acceptAgreement(app.db, companyCaller(request), request.body.id);
    return ok(null, '框架协议已确认生效');
  });
  route(app, e.agreementDecline, async (request) => {
    await declineAgreement(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '已拒绝该框架协议');
  });
  route(app, e.agreementTerminate, async (request) => {
    await terminateAgreement(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '框架协议已终止');
  });
  route(app, e.agreementCallOff, async (request) => {
    const res = await callOff(app.db, companyCaller(request), request.body, rules);
    const waiting = res.purchaseRequest;
    return ok(res, waiting ? `本次下达需审批，已提交采购申请 ${waiting.requestNo}，审批通过后下单` : '订单已下达，等待供应商确认');
  });
}
