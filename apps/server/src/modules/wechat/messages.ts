import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const wechatErrors = defineErrors({
  WECHAT_BOUND_ELSEWHERE: { kind: 'conflict', message: '该账号已绑定其他微信，请先在账号安全中解绑' },
  WECHAT_QR_FAILED: { kind: 'invalid', message: '微信二维码获取失败，请稍后再试' },
  WECHAT_QR_GONE: { kind: 'invalid', message: '二维码已失效，请刷新后重新扫码' },
});

/** Raises one of this module's errors: `throw fail('WECHAT_BOUND_ELSEWHERE')`. */
export const fail = raiserOf(wechatErrors);
