import type { FastifyInstance } from 'fastify';
import { PURCHASE_REQUEST_EXPIRE, PurchaseRequestKind } from '@aquamall/shared';
import {
  approvalRuleEndpoints as r,
  departmentEndpoints as d,
  purchaseRequestEndpoints as p,
} from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { contractsForAward } from '../contracts/index.ts';
import { allDepartments, createDepartment, deleteDepartment, listDepartments, updateDepartment } from './departments.ts';
import { approveRequest, expireRequest, listRequests, rejectRequest, requestDetail, withdrawRequest } from './requests.ts';
import { createRule, deleteRule, listRules, ruleSupplierOptions, updateRule } from './rules.ts';

/** Departments, approval rules and purchase requests (docs/product/approvals.md). */
export default async function approvalRoutes(app: FastifyInstance) {
  defineJob({ kind: PURCHASE_REQUEST_EXPIRE, payload: recordId, handler: (tx, id, { now }) => expireRequest(tx, id, now) });

  route(app, d.departmentList, async (request) => ok(await listDepartments(app.db, companyCaller(request), request.body)));
  route(app, d.departmentAll, async (request) => ok(await allDepartments(app.db, companyCaller(request))));
  route(app, d.departmentCreate, async (request) =>
    ok(await createDepartment(app.db, companyCaller(request), request.body), '部门已创建'),
  );
  route(app, d.departmentUpdate, async (request) => {
    const { sysNo, ...input } = request.body;
    await updateDepartment(app.db, companyCaller(request), sysNo, input);
    return ok(null, '部门已保存');
  });
  route(app, d.departmentDelete, async (request) => {
    await deleteDepartment(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '部门已删除');
  });

  route(app, r.approvalRuleList, async (request) => ok(await listRules(app.db, companyCaller(request), request.body)));
  route(app, r.approvalRuleSuppliers, async (request) => ok(await ruleSupplierOptions(app.db, companyCaller(request), request.query)));
  route(app, r.approvalRuleCreate, async (request) =>
    ok(await createRule(app.db, companyCaller(request), request.body), '审批规则已创建'),
  );
  route(app, r.approvalRuleUpdate, async (request) => {
    const { sysNo, ...input } = request.body;
    await updateRule(app.db, companyCaller(request), sysNo, input);
    return ok(null, '审批规则已保存');
  });
  route(app, r.approvalRuleDelete, async (request) => {
    await deleteRule(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '审批规则已删除');
  });

  route(app, p.purchaseRequestList, async (request) => ok(await listRequests(app.db, companyCaller(request), request.body)));
  route(app, p.purchaseRequestDetail, async (request) =>
    ok(await requestDetail(app.db, companyCaller(request), request.query.sysNo)),
  );
  route(app, p.purchaseRequestApprove, async (request) => {
    const res = await approveRequest(app.db, companyCaller(request), app.config.orderRules, request.body.sysNo, request.body.comment);
    const award = res.kind !== PurchaseRequestKind.CHECKOUT && res.kind !== PurchaseRequestKind.CALL_OFF;
    const callOff = res.kind === PurchaseRequestKind.CALL_OFF;
    // After the award has committed: one contract per awarded order, as the award endpoint does (decision 0208).
    if (res.kind === PurchaseRequestKind.ENQUIRY_AWARD && res.orderIds.length) await contractsForAward(app, companyCaller(request), res.orderIds);
    const message =
      res.status === 1
        ? award
          ? '审批通过，已执行授标'
          : '审批通过，订单已提交给供应商'
        : res.status === 5
          ? `审批已通过，但未能${award ? '执行授标' : callOff ? '下达订单' : '下单'}，申请已退回申请人`
          : '审批通过，已转下一步审批';
    return ok({ status: res.status, orderIds: res.orderIds }, message);
  });
  route(app, p.purchaseRequestReject, async (request) => {
    await rejectRequest(app.db, companyCaller(request), request.body.sysNo, request.body.comment);
    return ok(null, '已驳回');
  });
  route(app, p.purchaseRequestWithdraw, async (request) => {
    await withdrawRequest(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '采购申请已撤回');
  });
}
