import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  permissionsForType,
  roleInput,
  roleListQuery,
  roleUpdateInput,
  z,
  type RoleGrantOptions,
} from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';
import { menusOfType, toMenuItem } from './menus.ts';
import { requestPermissions, requirePermission } from './permissions.ts';
import { allRoles, createRole, deleteRole, listRoles, updateRole } from './roles.ts';

const idInput = z.object({ sysNo: z.number().int().positive().max(2_147_483_647, '编号格式不正确') });

/** role/list: company roles (plus read-only presets); everything scoped to the caller's company. */
export default async function roleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const manage = { preHandler: requirePermission('role:manage') };
  const read = { preHandler: requirePermission('role:manage', 'user:manage') };
  const company = (request: Parameters<typeof caller>[0]) => {
    const auth = caller(request);
    return { ...auth, companyId: auth.companyId! };
  };

  app.post('/api/role/list', { ...read, schema: { body: roleListQuery } }, async (request) => {
    return ok(await listRoles(app.db, company(request), request.body));
  });

  app.get('/api/role/all', read, async (request) => ok(await allRoles(app.db, company(request))));

  /** What a role may grant: the menu entries and permissions of the caller's company type. */
  app.get('/api/role/grants', manage, async (request) => {
    const auth = caller(request);
    // Entries every user sees anyway (messages, own account) are not offered as grants.
    const menus = (await menusOfType(app.db, auth.companyType)).filter((m) => !m.everyone).map(toMenuItem);
    const permissions = permissionsForType(auth.companyType).map(({ code, name, group }) => ({
      code,
      name,
      group,
    }));
    return ok<RoleGrantOptions>({ menus, permissions });
  });

  app.post('/api/role/create', { ...manage, schema: { body: roleInput } }, async (request) => {
    const held = await requestPermissions(request);
    return ok(await createRole(app.db, company(request), held, request.body), '角色已创建');
  });

  app.post('/api/role/update', { ...manage, schema: { body: roleUpdateInput } }, async (request) => {
    const held = await requestPermissions(request);
    const { sysNo, ...input } = request.body;
    await updateRole(app.db, company(request), held, sysNo, input);
    return ok(null, '角色已保存');
  });

  app.post('/api/role/delete', { ...manage, schema: { body: idInput } }, async (request) => {
    await deleteRole(app.db, company(request).companyId, request.body.sysNo);
    return ok(null, '角色已删除');
  });
}
