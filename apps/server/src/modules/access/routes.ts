import type { FastifyInstance } from 'fastify';
import { ensureAccessDefaults } from './ensure-defaults.ts';
import menuRoutes from './menu-routes.ts';
import roleRoutes from './role-routes.ts';
import userRoutes from './user-routes.ts';
import inviteAcceptRoutes from './invite-accept-routes.ts';

/**
 * Workbench access: menus, company roles and users. The default menus and role presets ensure themselves
 * when the application starts (they do not depend on the demo seed).
 */
export default async function accessRoutes(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    await ensureAccessDefaults(app.db);
  });
  await app.register(menuRoutes);
  await app.register(roleRoutes);
  await app.register(userRoutes);
  await app.register(inviteAcceptRoutes);
}
