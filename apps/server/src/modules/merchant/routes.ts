import type { FastifyInstance } from 'fastify';
import { merchantEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { myApplication, saveDraft, submitApplication } from './application.ts';

/** Merchant entry: the applicant's calls (/api/merchant/...); the console reviews them in admin/review-routes.ts. */
export default async function merchantRoutes(app: FastifyInstance) {
  route(app, e.merchantApplication, async (request) => ok(await myApplication(app.db, companyCaller(request).companyId)));

  route(app, e.merchantApplicationSave, async (request) =>
    ok(await saveDraft(app.db, companyCaller(request), request.body), '草稿已保存'),
  );

  route(app, e.merchantApplicationSubmit, async (request) =>
    ok(await submitApplication(app, companyCaller(request), request.body, request.ip), '入驻申请已提交，请等待平台审核'),
  );
}
