import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userInviteInput, userListQuery, userUpdateInput, z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { requestPermissions, requirePermission } from './permissions.ts';
import { checkRoleAssignment, listCompanyUsers, setUserDisabled, updateCompanyUser } from './company-users.ts';
import { inviteUser, listInvitations, MSG_INVITED, revokeInvitation } from './invitations.ts';
import { clientInfo } from '../auth/fields.ts';

const idField = z.number().int().positive().max(2_147_483_647, '编号格式不正确');
const disableInput = z.object({ sysNo: idField, disabled: z.boolean() });

/** user/list: the company's users and open invitations; invite, revoke, edit roles, enable/disable. Scoped to the caller's company. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { preHandler: requirePermission('user:manage') };
  const company = (request: Parameters<typeof caller>[0]) => {
    const auth = caller(request);
    return { ...auth, companyId: auth.companyId! };
  };

  app.post('/api/user/list', { ...manage, schema: { body: userListQuery } }, async (request) => {
    return ok(await listCompanyUsers(app.db, company(request).companyId, request.body));
  });

  app.post('/api/user/invite', { ...manage, schema: { body: userInviteInput } }, async (request) => {
    const held = await requestPermissions(request);
    const roleIds = await checkRoleAssignment(app.db, company(request), held, request.body.roleIds);
    return ok(await inviteUser(app, company(request), roleIds, request.body, clientInfo(request).ip), MSG_INVITED);
  });

  app.post('/api/user/invitations', manage, async (request) => ok(await listInvitations(app.db, company(request).companyId)));

  app.post('/api/user/revokeinvite', { ...manage, schema: { body: z.object({ sysNo: idField }) } }, async (request) => {
    await revokeInvitation(app.db, company(request).companyId, request.body.sysNo);
    return ok(null, '邀请已撤销');
  });

  app.post('/api/user/update', { ...manage, schema: { body: userUpdateInput } }, async (request) => {
    const held = await requestPermissions(request);
    await updateCompanyUser(app.db, company(request), held, request.body);
    return ok(null, '用户已保存');
  });

  app.post('/api/user/disable', { ...manage, schema: { body: disableInput } }, async (request) => {
    const held = await requestPermissions(request);
    await setUserDisabled(app.db, company(request), held, request.body.sysNo, request.body.disabled);
    return ok(null, request.body.disabled ? '用户已停用' : '用户已启用');
  });
}
