import type { FastifyInstance } from 'fastify';
import { permissionsForType } from '@aquamall/shared';
import { roleEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { menusOfType, toMenuItem } from './menus.ts';
import { requestPermissions } from './permissions.ts';
import { allRoles, createRole, deleteRole, listRoles, updateRole } from './roles.ts';

/** role/list: company roles (plus read-only presets); everything scoped to the caller's company. */
export default async function roleRoutes(app: FastifyInstance) {
  route(app, e.roleList, async (request) => ok(await listRoles(app.db, companyCaller(request), request.body)));

  route(app, e.roleAll, async (request) => ok(await allRoles(app.db, companyCaller(request))));

  route(app, e.roleGrants, async (request) => {
    const auth = companyCaller(request);
    // Entries every user sees anyway (messages, own account) are not offered as grants.
    const menus = (await menusOfType(app.db, auth.companyType)).filter((m) => !m.everyone).map(toMenuItem);
    const permissions = permissionsForType(auth.companyType).map(({ code, name, group }) => ({ code, name, group }));
    return ok({ menus, permissions });
  });

  route(app, e.roleCreate, async (request) => {
    const held = await requestPermissions(request);
    return ok(await createRole(app.db, companyCaller(request), held, request.body), '角色已创建');
  });

  route(app, e.roleUpdate, async (request) => {
    const held = await requestPermissions(request);
    const { sysNo, ...input } = request.body;
    await updateRole(app.db, companyCaller(request), held, sysNo, input);
    return ok(null, '角色已保存');
  });

  route(app, e.roleDelete, async (request) => {
    await deleteRole(app.db, companyCaller(request).companyId, request.body.sysNo);
    return ok(null, '角色已删除');
  });
}
