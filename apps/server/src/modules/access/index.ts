// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { forgetAccess } from './access-cache.ts';
export { ensureAccessDefaults } from './ensure-defaults.ts';
export { isInviteCodeRecipient } from './invitations.ts';
export { assertMemberGate, assertReportType, requireMemberGate } from './member-gate.ts';
export { canSeeMenuPath, visibleMenuPaths } from './menus.ts';
export { loadPermissions, requireMenu, requirePermission } from './permissions.ts';
export { permissionsOfUser } from './roles.ts';
export { default as accessRoutes } from './routes.ts';
export { ownRolesCondition } from './scope.ts';
