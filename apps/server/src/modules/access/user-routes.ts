import type { FastifyInstance } from 'fastify';
import { userEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { requestPermissions } from './permissions.ts';
import { checkRoleAssignment, listCompanyUsers, setUserDisabled, updateCompanyUser } from './company-users.ts';
import { inviteUser, listInvitations, MSG_INVITED, revokeInvitation } from './invitations.ts';
import { clientInfo } from '../auth/index.ts';

/** user/list: the company's users and open invitations; invite, revoke, edit roles, enable/disable. Scoped to the caller's company. */
export default async function userRoutes(app: FastifyInstance) {
  route(app, e.userList, async (request) => ok(await listCompanyUsers(app.db, companyCaller(request).companyId, request.body)));

  route(app, e.userInvite, async (request) => {
    const held = await requestPermissions(request);
    const roleIds = await checkRoleAssignment(app.db, companyCaller(request), held, request.body.roleIds);
    return ok(await inviteUser(app, companyCaller(request), roleIds, request.body, clientInfo(request).ip), MSG_INVITED);
  });

  route(app, e.userInvitations, async (request) => ok(await listInvitations(app.db, companyCaller(request).companyId)));

  route(app, e.userRevokeInvite, async (request) => {
    await revokeInvitation(app.db, companyCaller(request).companyId, request.body.sysNo);
    return ok(null, '邀请已撤销');
  });

  route(app, e.userUpdate, async (request) => {
    const held = await requestPermissions(request);
    await updateCompanyUser(app.db, companyCaller(request), held, request.body);
    return ok(null, '用户已保存');
  });

  route(app, e.userDisable, async (request) => {
    const held = await requestPermissions(request);
    await setUserDisabled(app.db, companyCaller(request), held, request.body.sysNo, request.body.disabled);
    return ok(null, request.body.disabled ? '用户已停用' : '用户已启用');
  });
}
