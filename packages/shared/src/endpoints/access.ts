import { z } from 'zod';
import { menuItem, myAccess, roleGrantOptions, roleInput, roleListQuery, roleOption, roleRow, roleUpdateInput, workbenchTodo } from '../contracts/access.ts';
import { noData, pagedOf, sysNoInput } from '../envelope.ts';
import { can, COMPANY, endpoint, SIGNED_IN } from './endpoint.ts';
import { CREATES, OWN_ONLY, exempt, probedIn } from './isolation.ts';

/** Workbench menus and what the caller may do. */
export const menuEndpoints = {
  webMenus: endpoint({
    method: 'GET',
    path: '/api/appuser/getWebMenus',
    summary: "The caller's workbench menu, flat (the client builds the tree)",
    access: SIGNED_IN,
    response: z.array(menuItem),
  }),
  myAccess: endpoint({
    method: 'GET',
    path: '/api/role/mine',
    summary: 'What the caller may do: permissions and the menu pages its roles do not grant',
    access: SIGNED_IN,
    response: myAccess,
  }),
  workbenchTodo: endpoint({
    method: 'GET',
    path: '/api/workbench/todo',
    summary: 'Counts for the workbench home',
    access: COMPANY,
    response: workbenchTodo,
    isolation: OWN_ONLY,
  }),
};

const readRoles = can('role:manage', 'user:manage');
const manageRoles = can('role:manage');

/** Company roles (role/list): everything scoped to the caller's company. */
export const roleEndpoints = {
  roleList: endpoint({
    method: 'POST',
    path: '/api/role/list',
    summary: "The company's roles and the read-only presets of its type, paged",
    access: readRoles,
    body: roleListQuery,
    response: pagedOf(roleRow),
    isolation: probedIn('modules/access/roles-users.test.ts'),
  }),
  roleAll: endpoint({
    method: 'GET',
    path: '/api/role/all',
    summary: 'Every role a user can be given (for selects)',
    access: readRoles,
    response: z.array(roleOption),
    isolation: probedIn('modules/access/roles-users.test.ts'),
  }),
  roleGrants: endpoint({
    method: 'GET',
    path: '/api/role/grants',
    summary: "What a role may grant: the menu entries and permissions of the caller's company type",
    access: manageRoles,
    response: roleGrantOptions,
    isolation: exempt('the permission catalogue of the caller’s company type (no company data)'),
  }),
  roleCreate: endpoint({
    method: 'POST',
    path: '/api/role/create',
    summary: 'Create a company role',
    access: manageRoles,
    body: roleInput,
    response: z.object({ sysNo: z.number().int() }),
    isolation: CREATES,
  }),
  roleUpdate: endpoint({
    method: 'POST',
    path: '/api/role/update',
    summary: 'Change a company role',
    access: manageRoles,
    body: roleUpdateInput,
    response: noData,
    isolation: probedIn('modules/access/roles-users.test.ts'),
  }),
  roleDelete: endpoint({
    method: 'POST',
    path: '/api/role/delete',
    summary: 'Delete a company role that no user holds',
    access: manageRoles,
    body: sysNoInput,
    response: noData,
    isolation: probedIn('modules/access/roles-users.test.ts'),
  }),
};
