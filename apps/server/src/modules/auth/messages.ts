import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const authErrors = defineErrors({
  PASSWORD_UNCHANGED: { kind: 'invalid', message: '新密码不能与原密码相同' },
  PHONE_TAKEN: { kind: 'conflict', message: '该手机号已被其他账号使用' },
  PHONE_UNCHANGED: { kind: 'invalid', message: '新手机号不能与原手机号相同' },
  REGISTER_MERCHANT_TYPE_REQUIRED: { kind: 'invalid', message: '商家入驻请选择供应商类型' },
  TWO_FACTOR_ALREADY_ON: { kind: 'conflict', message: '两步验证已开启' },
  TWO_FACTOR_NOT_STARTED: { kind: 'invalid', message: '请先扫描二维码开始设置' },
  TWO_FACTOR_OFF: { kind: 'invalid', message: '两步验证未开启' },
  TWO_FACTOR_USER_NOT_FOUND: { kind: 'notFound', message: '用户不存在' },
});

/** Raises one of this module's errors: `throw fail('PASSWORD_UNCHANGED')`. */
export const fail = raiserOf(authErrors);
