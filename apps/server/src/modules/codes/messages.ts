import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const codesErrors = defineErrors({
  CODE_CAPTCHA_WRONG: { kind: 'invalid', message: '图形验证码错误或已过期' },
  CODE_PHONE_REQUIRED: { kind: 'invalid', message: '请输入手机号' },
  CODE_WRONG: { kind: 'invalid', message: '验证码错误或已过期' },
  CODE_SEND_FAILED: { kind: 'invalid', message: '验证码发送失败，请稍后再试' },
  CODE_RESEND_TOO_SOON: { kind: 'rateLimited', message: (p: { seconds: number }) => `请${p.seconds}秒后再获取验证码` },
  CODE_DAILY_CAP: { kind: 'rateLimited', message: '今日验证码获取次数已达上限，请明天再试' },
});

/** Raises one of this module's errors: `throw fail('CODE_CAPTCHA_WRONG')`. */
export const fail = raiserOf(codesErrors);
