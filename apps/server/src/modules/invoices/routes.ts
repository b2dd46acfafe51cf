import type { FastifyInstance } from 'fastify';
import { invoiceEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { exportInvoices, invoiceCounts, invoiceDetail, listInvoices } from './queries.ts';
import { invoiceableOrders, requestInvoice } from './request.ts';
import {
  confirmInvoice,
  disputeInvoice,
  issueInvoice,
  refuseInvoice,
  reverseInvoice,
  withdrawInvoice,
} from './transitions.ts';
import { sendDownload } from '../../lib/download.ts';

/** VAT invoices (invoice/index, invoice/editor): the purchaser's and the supplier's calls, each scoped to the caller's company and side. */
export default async function invoiceRoutes(app: FastifyInstance) {
  route(app, e.invoiceInvoiceable, async (request) =>
    ok(await invoiceableOrders(app.db, companyCaller(request), request.query)),
  );
  route(app, e.invoiceRequest, async (request) =>
    ok(await requestInvoice(app.db, companyCaller(request), request.body), '开票申请已提交，等待供应商开票'),
  );
  route(app, e.invoiceList, async (request) =>
    ok(await listInvoices(app.db, companyCaller(request), request.body)),
  );
  route(app, e.invoiceExport, async (request, reply) => {
    const file = await exportInvoices(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'invoices.xlsx', '发票列表.xlsx');
  });
  route(app, e.invoiceCounts, async (request) =>
    ok(await invoiceCounts(app.db, companyCaller(request), request.query.type)),
  );
  route(app, e.invoiceDetail, async (request) =>
    ok(await invoiceDetail(app.db, companyCaller(request), request.query.id)),
  );
  route(app, e.invoiceWithdraw, async (request) => {
    await withdrawInvoice(app.db, companyCaller(request), request.body.id);
    return ok(null, '开票申请已撤销');
  });
  route(app, e.invoiceIssue, async (request) => {
    await issueInvoice(app.db, companyCaller(request), request.body);
    return ok(null, '发票已开具，等待采购商确认收票');
  });
  route(app, e.invoiceRefuse, async (request) => {
    await refuseInvoice(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '已拒绝开票申请');
  });
  route(app, e.invoiceConfirm, async (request) => {
    await confirmInvoice(app.db, companyCaller(request), request.body.id);
    return ok(null, '已确认收票');
  });
  route(app, e.invoiceDispute, async (request) => {
    await disputeInvoice(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '异议已提交，等待供应商处理');
  });
  route(app, e.invoiceReverse, async (request) =>
    ok(
      await reverseInvoice(app.db, companyCaller(request), request.body),
      '发票已红冲，相应订单金额可重新申请开票',
    ),
  );
}
