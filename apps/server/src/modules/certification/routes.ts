import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { certificationInput, memberUpgradeInput, pageQuery, reviewIdInput, reviewRejectInput, z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { requirePermission } from '../access/permissions.ts';
import { auditActor } from '../audit/record.ts';
import { certificationDetail, contractFile, decideCertification, listCertifications, myCertification, signContract, submitCertification } from './service.ts';
import { decideUpgrade, listUpgrades, memberInfo, requestUpgrade } from './member.ts';

const listInput = pageQuery.extend({ status: z.number().int().min(0).max(3).optional(), keyword: z.string().trim().max(60).optional() });
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647, '编号格式不正确') });

/** Enterprise certification, contract signing and membership (workbench) and their review (console). */
export default async function certificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const company = { preHandler: app.requireCompanyUser };
  const manage = { preHandler: requirePermission('company:manage') };

  app.get('/api/certification/detail', company, async (request) => ok(await myCertification(app, caller(request).companyId!)));
  app.post('/api/certification/submit', { ...manage, schema: { body: certificationInput } }, async (request) => {
    const view = await submitCertification(app, caller(request), request.body);
    return ok(view, view.status === 1 ? '实名核验通过，已提交平台审核' : '实名核验未通过');
  });
  app.post('/api/certification/sign', manage, async (request) => ok(await signContract(app, caller(request)), '服务协议已签署'));
  const sendPdf = (reply: FastifyReply, { body, filename }: { body: Buffer; filename: string }) =>
    reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`)
      .send(body);
  // The signed contract: only the company's own users here, and platform administrators in the console.
  app.get('/api/certification/contract', company, async (request, reply) =>
    sendPdf(reply, await contractFile(app, { companyId: caller(request).companyId! })),
  );
  app.get('/admin/api/certification/contract/:id', { schema: { params: idParams } }, async (request, reply) =>
    sendPdf(reply, await contractFile(app, { id: request.params.id })),
  );

  app.get('/api/member/info', company, async (request) => ok(await memberInfo(app, caller(request).companyId!)));
  app.post('/api/member/upgrade', { ...manage, schema: { body: memberUpgradeInput } }, async (request) =>
    ok(await requestUpgrade(app, caller(request), request.body), '升级申请已提交，平台确认收款后生效'),
  );

  app.post('/admin/api/certification/list', { schema: { body: listInput } }, async (request) => ok(await listCertifications(app, request.body)));
  app.get('/admin/api/certification/detail/:id', { schema: { params: idParams } }, async (request) => ok(await certificationDetail(app, request.params.id)));
  app.post('/admin/api/certification/approve', { schema: { body: reviewIdInput } }, async (request) =>
    ok(await decideCertification(app, auditActor(request), request.body.id, { approve: true }), '已通过企业认证'),
  );
  app.post('/admin/api/certification/reject', { schema: { body: reviewRejectInput } }, async (request) =>
    ok(await decideCertification(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason }), '已驳回企业认证'),
  );

  app.post('/admin/api/member/upgrade/list', { schema: { body: pageQuery.extend({ status: z.number().int().min(0).max(2).optional() }) } }, async (request) =>
    ok(await listUpgrades(app, request.body)),
  );
  app.post('/admin/api/member/upgrade/confirm', { schema: { body: reviewIdInput } }, async (request) =>
    ok(await decideUpgrade(app, auditActor(request), request.body.id, { approve: true }), '已确认升级'),
  );
  app.post('/admin/api/member/upgrade/reject', { schema: { body: reviewRejectInput } }, async (request) =>
    ok(await decideUpgrade(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason }), '已拒绝升级申请'),
  );
}
