import type { FastifyInstance } from 'fastify';
import { adminPrivacyEndpoints as a, privacyEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { auditActor } from '../audit/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { adminExecute, adminList, adminRefuse, buildExport, downloadExport, EXPORT_JOB, myRequests, requestDeletion, requestExport } from './requests.ts';
import { sendDownload } from '../../lib/download.ts';

/** Personal-data rights (decision 0151): the user's export and deletion requests and the console's handling. */
export default async function privacyRoutes(app: FastifyInstance) {
  defineJob({ kind: EXPORT_JOB, payload: recordId, handler: (tx, requestId, { now }) => buildExport(app, tx, requestId, now) });

  route(app, e.privacyRequests, async (request) => ok(await myRequests(app.db, caller(request).userId)));
  route(app, e.privacyExport, async (request) => {
    const view = await requestExport(app, auditActor(request), caller(request).userId);
    return ok(view, view.downloadable ? '数据已生成，可以下载' : '已提交，数据生成后将通知您');
  });
  route(app, e.privacyDownload, async (request, reply) => {
    const file = await downloadExport(app, auditActor(request), caller(request).userId, request.params.id);
    const name = `个人数据-${request.params.id}.zip`;
    reply.header('cache-control', 'no-store');
    return sendDownload(reply, file, `personal-data-${request.params.id}.zip`, name, { type: 'application/zip' });
  });
  route(app, e.privacyDelete, async (request) =>
    ok(await requestDeletion(app, request, caller(request).userId, request.body), '注销申请已提交，平台将在10天内处理'),
  );

  route(app, a.adminPrivacyList, async (request) => ok(await adminList(app.db, request.body)));
  route(app, a.adminPrivacyExecute, async (request) => ok(await adminExecute(app, auditActor(request), request.body.id), '已处理'));
  route(app, a.adminPrivacyRefuse, async (request) =>
    ok(await adminRefuse(app, auditActor(request), request.body.id, request.body.reason), '已拒绝该请求'),
  );
}
