import type { FastifyInstance } from 'fastify';
import { adminCompanyEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { auditActor } from '../audit/index.ts';
import { companyDetail, listCompanies, setDisabled, setMembership } from './companies.ts';
import { dashboard } from './dashboard.ts';

/** Console: the administrator, the overview and companies (list, detail, membership, disable). */
export default async function adminCompanyRoutes(app: FastifyInstance) {
  route(app, e.adminMe, async (request) => ok({ userId: caller(request).userId, isPlatformAdmin: true as const }));

  route(app, e.adminDashboard, async () => ok(await dashboard(app.db)));

  route(app, e.adminCompanyList, async (request) => ok(await listCompanies(app.db, request.body)));

  route(app, e.adminCompanyDetail, async (request) => ok(await companyDetail(app.db, request.params.id)));

  route(app, e.adminCompanyMembership, async (request) =>
    ok(await setMembership(app.db, auditActor(request), request.body), '会员设置已保存'),
  );

  route(app, e.adminCompanyDisable, async (request) => {
    const r = await setDisabled(app.db, auditActor(request), request.body);
    return ok(r, r.disabled ? '企业已禁用，其用户已全部下线' : '企业已启用');
  });
}
