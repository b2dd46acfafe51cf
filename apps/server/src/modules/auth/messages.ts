import { defineErrors, PASSWORD_MISMATCH } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';
import { LOCK_MIN } from './lockout.ts';

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
  LOGIN_LOCKED: { kind: 'invalid', message: `登录失败次数过多，请${LOCK_MIN}分钟后再试` },
  LOGIN_WRONG: { kind: 'invalid', message: '账号或密码错误' },
  LOGIN_CAPTCHA_REQUIRED: { kind: 'invalid', message: '请输入图形验证码' },
  LOGIN_CAPTCHA_WRONG: { kind: 'invalid', message: '图形验证码错误或已过期' },
  ACCOUNT_DISABLED: { kind: 'invalid', message: '账号已被停用，请联系企业管理员' },
  LOGIN_FAILED: { kind: 'failed', message: '登录失败' },
  TWO_FACTOR_CODE_WRONG: { kind: 'invalid', message: '验证码错误' },
  TWO_FACTOR_CODE_USED: { kind: 'invalid', message: '该验证码已使用，请等待验证器显示新的验证码' },
  TWO_FACTOR_CHALLENGE_GONE: { kind: 'invalid', message: '登录已过期，请重新登录' },
  TWO_FACTOR_REQUIRED: { kind: 'invalid', message: '您的账号必须开启两步验证，不能关闭' },
  TWO_FACTOR_MUST_ENROL: { kind: 'forbidden', message: '请先开启两步验证' },
  TWO_FACTOR_PASSWORD_WRONG: { kind: 'invalid', message: '登录密码错误' },
  PASSWORD_OLD_WRONG: { kind: 'invalid', message: '原密码错误' },
  PASSWORD_MISMATCH: { kind: 'invalid', message: PASSWORD_MISMATCH },
  EMAIL_TAKEN: { kind: 'conflict', message: '该邮箱已被其他账号绑定' },
  EMAIL_BY_CODE_ONLY: { kind: 'invalid', message: '请通过邮箱验证码绑定邮箱' },
  REGISTER_PHONE_TAKEN: { kind: 'conflict', message: '该手机号已注册' },
});

/** Raises one of this module's errors: `throw fail('PASSWORD_UNCHANGED')`. */
export const fail = raiserOf(authErrors);

/** The lock-out sentence (tests and the privacy module's password check say it too). */
export const MSG_LOCKED = authErrors.LOGIN_LOCKED.message;
