import type { FastifyInstance } from 'fastify';
import { adminWorkbenchEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { auditActor } from '../audit/index.ts';
import { listPresets, listWebMenus, savePreset, saveWebMenu } from './workbench-menus.ts';

/**
 * Console: the workbench menus served by getWebMenus, per company type, and the role presets. Menus are
 * hidden rather than deleted (the defaults are re-ensured by code on start).
 */
export default async function adminMenuRoutes(app: FastifyInstance) {
  route(app, e.adminWorkbenchMenuList, async (request) => ok(await listWebMenus(app.db, request.body.companyType)));

  route(app, e.adminWorkbenchMenuSave, async (request) => ok(await saveWebMenu(app.db, auditActor(request), request.body), '菜单已保存'));

  route(app, e.adminPresetList, async () => ok(await listPresets(app.db)));

  route(app, e.adminPresetSave, async (request) => {
    await savePreset(app.db, auditActor(request), request.body);
    return ok(null, '预设角色已保存');
  });
}
