import { defineErrors, PASSWORD_MISMATCH } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const accessErrors = defineErrors({
  INVITE_ALREADY_MEMBER: { kind: 'conflict', message: '该手机号已是本企业用户' },
  INVITE_NOT_FOUND: { kind: 'notFound', message: '邀请不存在或已处理' },
  ROLE_GRANT_BEYOND_OWN: { kind: 'forbidden', message: '只能授予您自己拥有的菜单和权限' },
  ROLE_MENU_UNKNOWN: { kind: 'invalid', message: '菜单项不存在' },
  ROLE_NAME_TAKEN: { kind: 'conflict', message: '角色名称已存在' },
  ROLE_NOT_FOUND: { kind: 'notFound', message: '角色不存在' },
  ROLE_PERMISSION_UNKNOWN: { kind: 'invalid', message: '权限项不存在' },
  ROLE_PRESET_LOCKED: { kind: 'forbidden', message: '系统预设角色不能修改或删除' },
  ROLE_UNKNOWN: { kind: 'invalid', message: '角色不存在' },
  USER_DISABLE_COMPANY_ADMIN: { kind: 'forbidden', message: '不能停用企业管理员' },
  USER_DISABLE_SELF: { kind: 'forbidden', message: '不能停用自己的账号' },
  USER_IS_COMPANY_ADMIN: { kind: 'forbidden', message: '不能修改企业管理员' },
  USER_NOT_FOUND: { kind: 'notFound', message: '用户不存在' },
  USER_OUTRANKS_CALLER: { kind: 'forbidden', message: '不能修改权限高于您的用户' },
  USER_OWN_ROLE: { kind: 'forbidden', message: '不能修改自己的角色' },
  USER_ROLE_BEYOND_OWN: { kind: 'forbidden', message: '只能分配您自己拥有权限范围内的角色' },
  INVITE_GONE: { kind: 'invalid', message: '邀请不存在或已失效，请联系邀请您的企业重新邀请' },
  INVITE_PASSWORD_MISMATCH: { kind: 'invalid', message: PASSWORD_MISMATCH },
});

/** Raises one of this module's errors: `throw fail('INVITE_ALREADY_MEMBER')`. */
export const fail = raiserOf(accessErrors);
