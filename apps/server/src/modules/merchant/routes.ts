import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { merchantDraftInput, merchantSubmitInput, pageQuery, reviewIdInput, reviewRejectInput, z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { requirePermission } from '../access/permissions.ts';
import { auditActor } from '../audit/record.ts';
import { getMyApplication, saveDraft, submitApplication } from './application.ts';
import { listReviewEvents } from './events.ts';
import { applicationDetail, decideApplication, listApplications } from './review.ts';

const listInput = pageQuery.extend({
  status: z.number().int().min(0).max(3).optional(),
  keyword: z.string().trim().max(60).optional(),
});

/** Merchant entry: the applicant's calls (/api/merchant/...) and the console's review (/admin/api/merchant/...). */
export default async function merchantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const company = { preHandler: app.requireCompanyUser };
  // Applying changes the company's legal standing: company administrators, or a role with company:manage.
  const manage = { preHandler: requirePermission('company:manage') };

  app.get('/api/merchant/application', company, async (request) => {
    const auth = caller(request);
    const application = await getMyApplication(app.db, auth.companyId!);
    const history = application.id ? await listReviewEvents(app.db, 'merchant', application.id) : [];
    return ok({ application, history });
  });

  app.post('/api/merchant/application/save', { ...manage, schema: { body: merchantDraftInput } }, async (request) =>
    ok(await saveDraft(app.db, caller(request), request.body), '草稿已保存'),
  );

  app.post('/api/merchant/application/submit', { ...manage, schema: { body: merchantSubmitInput } }, async (request) =>
    ok(await submitApplication(app, caller(request), request.body, request.ip), '入驻申请已提交，请等待平台审核'),
  );

  app.post('/admin/api/merchant/list', { schema: { body: listInput } }, async (request) =>
    ok(await listApplications(app, request.body)),
  );

  app.get('/admin/api/merchant/detail/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647, '编号格式不正确') }) } }, async (request) =>
    ok(await applicationDetail(app, request.params.id)),
  );

  app.post('/admin/api/merchant/approve', { schema: { body: reviewIdInput } }, async (request) =>
    ok(await decideApplication(app, auditActor(request), request.body.id, { approve: true }), '已通过入驻申请'),
  );

  app.post('/admin/api/merchant/reject', { schema: { body: reviewRejectInput } }, async (request) =>
    ok(await decideApplication(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason }), '已驳回入驻申请'),
  );
}
