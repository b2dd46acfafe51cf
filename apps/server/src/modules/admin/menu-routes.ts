import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PERMISSION_CODES, z } from '@aquamall/shared';
import { roleMenus, rolePermissions, roles, webMenus } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { audited } from './audited.ts';

const companyType = z.union([z.literal(2), z.literal(4)]);
const menuInput = z.object({
  id: z.number().int().positive().max(2_147_483_647, '编号格式不正确').optional(),
  companyType,
  parentId: z.number().int().positive().max(2_147_483_647, '编号格式不正确').nullable().default(null),
  name: z.string().trim().min(1, '请输入菜单名称').max(40),
  icon: z.string().trim().max(40).default(''),
  linkPath: z.string().trim().max(300).default(''),
  sort: z.number().int().min(-9999, '排序值最小为-9999').max(9999, '排序值最大为9999').default(0),
  everyone: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
const presetInput = z.object({
  id: z.number().int().positive().max(2_147_483_647, '编号格式不正确'),
  name: z.string().trim().min(1).max(30),
  description: z.string().trim().max(200).default(''),
  menuIds: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(300),
  permissions: z.array(z.string().max(40)).max(100),
});

/**
 * Console: the workbench menus served by getWebMenus, per company type, and the role presets. Menus are
 * hidden rather than deleted (the defaults are re-ensured by code on start).
 */
export default async function adminMenuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/admin/api/workbench/menu/list', { schema: { body: z.object({ companyType }) } }, async (request) =>
    ok(await app.db.select().from(webMenus).where(eq(webMenus.companyType, request.body.companyType)).orderBy(asc(webMenus.sort), asc(webMenus.id))),
  );
  app.post('/admin/api/workbench/menu/save', { schema: { body: menuInput } }, async (request) => {
    const { id, ...v } = request.body;
    const row = await app.db.transaction(async (tx) => {
      if (v.parentId) {
        const [parent] = await tx.select().from(webMenus).where(eq(webMenus.id, v.parentId));
        if (!parent || parent.companyType !== v.companyType) throw invalid('上级菜单不存在');
      }
      const [before] = id ? await tx.select().from(webMenus).where(eq(webMenus.id, id)) : [null];
      if (id && !before) throw notFound('菜单不存在');
      const [after] = id
        ? await tx.update(webMenus).set(v).where(eq(webMenus.id, id)).returning()
        : await tx.insert(webMenus).values({ ...v, code: `custom-${crypto.randomUUID().slice(0, 12)}` }).returning();
      await audited(tx, request, id ? 'workbench.menu.update' : 'workbench.menu.create', 'web_menu', after!.id, before, after);
      return after;
    });
    return ok(row, '菜单已保存');
  });

  app.post('/admin/api/workbench/preset/list', async () => {
    const list = await app.db.select().from(roles).where(isNull(roles.companyId)).orderBy(asc(roles.companyType), asc(roles.id));
    const menus = await app.db.select().from(roleMenus);
    const perms = await app.db.select().from(rolePermissions);
    return ok(list.map((r) => ({ ...r, menuIds: menus.filter((m) => m.roleId === r.id).map((m) => m.menuId), permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.code) })));
  });
  app.post('/admin/api/workbench/preset/save', { schema: { body: presetInput } }, async (request) => {
    const b = request.body;
    const bad = b.permissions.find((p) => !(PERMISSION_CODES as string[]).includes(p));
    if (bad) throw invalid(`未知权限：${bad}`);
    await app.db.transaction(async (tx) => {
      const [role] = await tx.select().from(roles).where(and(eq(roles.id, b.id), isNull(roles.companyId)));
      if (!role) throw notFound('预设角色不存在');
      const beforeMenus = (await tx.select().from(roleMenus).where(eq(roleMenus.roleId, role.id))).map((m) => m.menuId);
      const beforePerms = (await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).map((p) => p.code);
      const menus = b.menuIds.length ? await tx.select({ id: webMenus.id, t: webMenus.companyType }).from(webMenus) : [];
      const allowed = new Set(menus.filter((m) => m.t === role.companyType).map((m) => m.id));
      if (b.menuIds.some((m) => !allowed.has(m))) throw invalid('菜单与企业类型不符');
      await tx.update(roles).set({ name: b.name, description: b.description, updatedAt: new Date() }).where(eq(roles.id, role.id));
      await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
      if (b.menuIds.length) await tx.insert(roleMenus).values(b.menuIds.map((menuId) => ({ roleId: role.id, menuId })));
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
      if (b.permissions.length) await tx.insert(rolePermissions).values(b.permissions.map((code) => ({ roleId: role.id, code })));
      await audited(tx, request, 'workbench.preset.update', 'role', role.id, { name: role.name, menuIds: beforeMenus, permissions: beforePerms }, { name: b.name, menuIds: b.menuIds, permissions: b.permissions });
    });
    return ok(null, '预设角色已保存');
  });
}
