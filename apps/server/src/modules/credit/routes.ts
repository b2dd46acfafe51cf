import type { FastifyInstance } from 'fastify';
import { CompanyType } from '@aquamall/shared';
import { creditEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import {
  adjustAccount,
  applyAccount,
  approveAccount,
  changeTerms,
  rejectAccount,
  setFrozen,
} from './accounts.ts';
import {
  accountDetail,
  creditForOrder,
  listAccounts,
  listApplications,
  listLedger,
  listRequests,
  supplierOptions,
} from './queries.ts';
import {
  confirmRequest,
  customerRecharge,
  rejectRequest,
  requestRecharge,
  requestRefund,
} from './requests.ts';
import {
  accountsExcel,
  answerStatement,
  issueStatement,
  ledgerExcel,
  listStatements,
  statementDetail,
  statementExcel,
  statementOverlapFor,
  statementPdf,
} from './statements.ts';
import { cutAt, EXPORT_LIMITS, sendDownload } from '../../lib/download.ts';

/** Credit accounts (companyAccount/*): every call scoped to the caller's company and side (decision 0131). */
export default async function creditRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, e.creditAccountList, async (r) => ok(await listAccounts(db, companyCaller(r), r.body)));
  route(app, e.creditAccountExport, async (r, reply) => {
    const c = companyCaller(r);
    const limit = EXPORT_LIMITS.creditAccounts;
    const read = await listAccounts(db, c, { ...r.body, pageIndex: 1, pageSize: limit + 1 });
    const { rows, cut } = cutAt(read.list, limit);
    const file = await accountsExcel(rows, c.companyType === CompanyType.SUPPLIER);
    return sendDownload(reply, { file, limit: cut }, 'credit-accounts.xlsx', '信用账户.xlsx');
  });
  route(app, e.creditApplyList, async (r) => ok(await listApplications(db, companyCaller(r), r.body)));
  route(app, e.creditAccountDetail, async (r) => ok(await accountDetail(db, companyCaller(r), r.query.id)));
  route(app, e.creditSuppliers, async (r) =>
    ok(await supplierOptions(db, companyCaller(r), r.query.keyword)),
  );
  route(app, e.creditApply, async (r) =>
    ok(await applyAccount(db, companyCaller(r), r.body), '申请已提交，等待供应商审核'),
  );
  route(app, e.creditApprove, async (r) => {
    await approveAccount(db, companyCaller(r), r.body);
    return ok(null, '信用账户已开通');
  });
  route(app, e.creditReject, async (r) => {
    await rejectAccount(db, companyCaller(r), r.body);
    return ok(null, '已拒绝该申请');
  });
  route(app, e.creditTerms, async (r) => {
    await changeTerms(db, companyCaller(r), r.body, r.ip);
    return ok(null, '额度和账期已调整');
  });
  route(app, e.creditFreeze, async (r) => {
    await setFrozen(db, companyCaller(r), r.body, true);
    return ok(null, '信用账户已冻结');
  });
  route(app, e.creditUnfreeze, async (r) => {
    await setFrozen(db, companyCaller(r), r.body, false);
    return ok(null, '信用账户已解冻');
  });
  route(app, e.creditAdjust, async (r) => {
    await adjustAccount(db, companyCaller(r), r.body);
    return ok(null, '调整已入账');
  });
  route(app, e.creditRecharge, async (r) =>
    ok(await requestRecharge(db, companyCaller(r), r.body), '充值凭证已提交，等待供应商确认'),
  );
  route(app, e.creditCustomerRecharge, async (r) =>
    ok(await customerRecharge(db, companyCaller(r), r.body), '充值已入账'),
  );
  route(app, e.creditRefund, async (r) =>
    ok(await requestRefund(db, companyCaller(r), r.body), '退款申请已提交，等待供应商确认'),
  );
  route(app, e.creditRequestList, async (r) => ok(await listRequests(db, companyCaller(r), r.body)));
  route(app, e.creditRequestConfirm, async (r) => {
    await confirmRequest(db, companyCaller(r), r.body.id);
    return ok(null, '已确认并入账');
  });
  route(app, e.creditRequestReject, async (r) => {
    await rejectRequest(db, companyCaller(r), r.body);
    return ok(null, '已驳回');
  });
  route(app, e.creditLedger, async (r) => ok(await listLedger(db, companyCaller(r), r.body)));
  route(app, e.creditLedgerExport, async (r, reply) => {
    const limit = EXPORT_LIMITS.creditLedger;
    const read = await listLedger(db, companyCaller(r), { ...r.body, pageIndex: 1, pageSize: limit + 1 });
    const { rows, cut } = cutAt(read.list, limit);
    return sendDownload(reply, { file: await ledgerExcel(rows), limit: cut }, 'credit-ledger.xlsx', '账户流水.xlsx');
  });
  route(app, e.creditForOrder, async (r) => ok(await creditForOrder(db, companyCaller(r), r.query.orderId)));
  route(app, e.statementIssue, async (r) =>
    ok(await issueStatement(db, companyCaller(r), r.body), '对账单已出具，等待客户确认'),
  );
  route(app, e.statementOverlap, async (r) => ok(await statementOverlapFor(db, companyCaller(r), r.query)));
  route(app, e.statementList, async (r) => ok(await listStatements(db, companyCaller(r), r.body)));
  route(app, e.statementDetail, async (r) => ok(await statementDetail(db, companyCaller(r), r.query.id)));
  route(app, e.statementConfirm, async (r) => {
    await answerStatement(db, companyCaller(r), r.body.id, null);
    return ok(null, '对账单已确认');
  });
  route(app, e.statementDispute, async (r) => {
    await answerStatement(db, companyCaller(r), r.body.id, r.body.reason);
    return ok(null, '异议已提交');
  });
  route(app, e.statementExcel, async (r, reply) =>
    sendDownload(reply, await statementExcel(db, companyCaller(r), r.query.id), `statement-${r.query.id}.xlsx`, `对账单-${r.query.id}.xlsx`),
  );
  route(app, e.statementPdf, async (r, reply) =>
    sendDownload(reply, await statementPdf(db, companyCaller(r), r.query.id), `statement-${r.query.id}.pdf`, `对账单-${r.query.id}.pdf`, {
      type: 'application/pdf',
    }),
  );
}
