import type { FastifyInstance } from 'fastify';
import { QUOTE_UNCHANGED } from '@aquamall/shared';
import { quotationEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { exportQuotations } from './export.ts';
import { listQuotations, quotationDetail } from './queries.ts';
import { assertSupplier, submitQuotation, withdrawQuotation } from './submit.ts';
import { markThreadRead, postThreadMessage, readThread } from './thread.ts';
import { sendDownload } from '../../lib/download.ts';

/** Quotations (quotation, quotation/detail) and the thread on each offer (both sides). */
export default async function quotationRoutes(app: FastifyInstance) {
  route(app, e.quotationDetail, async (request) => {
    const caller = companyCaller(request);
    assertSupplier(caller);
    return ok(await quotationDetail(app.db, caller, request.query));
  });
  route(app, e.quotationSubmit, async (request) => {
    const caller = companyCaller(request);
    assertSupplier(caller);
    const r = await submitQuotation(app.db, caller, request.headers['idempotency-key'], request.body);
    return ok(r, r.unchanged ? QUOTE_UNCHANGED : r.version > 1 ? `报价已更新（第${r.version}版）` : '报价已提交');
  });
  route(app, e.quotationWithdraw, async (request) => {
    const caller = companyCaller(request);
    assertSupplier(caller);
    await withdrawQuotation(app.db, caller, request.body.id, request.body.reason);
    return ok(null, '报价已撤回');
  });
  route(app, e.quotationList, async (request) =>
    ok(await listQuotations(app.db, companyCaller(request), request.body)),
  );
  route(app, e.quotationExport, async (request, reply) => {
    const file = await exportQuotations(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'quotations.xlsx', '我的报价.xlsx');
  });
  route(app, e.quotationThread, async (request) =>
    ok(await readThread(app.db, companyCaller(request), request.query.quotationId)),
  );
  route(app, e.quotationThreadPost, async (request) =>
    ok(await postThreadMessage(app.db, app.bus, companyCaller(request), request.body), '消息已发送'),
  );
  route(app, e.quotationThreadRead, async (request) => {
    await markThreadRead(app.db, companyCaller(request), request.body.id);
    return ok(null);
  });
}
