import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuery, z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { auditActor } from '../audit/record.ts';
import { companyDetail, listCompanies, setDisabled, setMembership } from './companies.ts';
import { dashboard } from './dashboard.ts';

const listInput = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  type: z.union([z.literal(2), z.literal(4)]).optional(),
  merchantStatus: z.number().int().min(0).max(3).optional(),
  disabled: z.boolean().optional(),
});

/** Console: companies (list, detail, membership, disable). All routes are guarded by admin/guard.ts. */
export default async function adminCompanyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/admin/api/me', async (request) => ok({ userId: request.auth!.userId, isPlatformAdmin: true }));

  app.get('/admin/api/dashboard', async () => ok(await dashboard(app)));

  app.post('/admin/api/company/list', { schema: { body: listInput } }, async (request) => ok(await listCompanies(app, request.body)));
  app.get('/admin/api/company/detail/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647, '编号格式不正确') }) } }, async (request) =>
    ok(await companyDetail(app, request.params.id)),
  );
  app.post(
    '/admin/api/company/membership',
    { schema: { body: z.object({ id: z.number().int().positive().max(2_147_483_647, '编号格式不正确'), memberLevel: z.number().int().min(0).max(3), isMemberVail: z.union([z.literal(0), z.literal(1)]) }) } },
    async (request) => ok(await setMembership(app, auditActor(request), request.body), '会员设置已保存'),
  );
  app.post(
    '/admin/api/company/disable',
    { schema: { body: z.object({ id: z.number().int().positive().max(2_147_483_647, '编号格式不正确'), disabled: z.boolean(), reason: z.string().trim().min(2, '请填写原因').max(200) }) } },
    async (request) => {
      const r = await setDisabled(app, auditActor(request), request.body);
      return ok(r, r.disabled ? '企业已禁用，其用户已全部下线' : '企业已启用');
    },
  );
}
