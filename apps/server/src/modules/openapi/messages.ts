import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/** The errors of the open platform by identity (docs/errors.md). Signed-call refusals are code 1: not authenticated. */
export const openapiErrors = defineErrors({
  OPENAPI_OFF: { kind: 'invalid', message: '开放平台未启用，请联系平台管理员配置' },
  OPENAPI_ADMIN_ONLY: { kind: 'forbidden', message: '只有企业管理员可以管理开放平台' },
  API_KEY_NOT_FOUND: { kind: 'notFound', message: '记录不存在' },
  API_KEY_REVOKED: { kind: 'conflict', message: '密钥已停用' },
  API_KEY_LIMIT: { kind: 'invalid', message: (p: { max: number }) => `每个企业最多${p.max}个有效密钥` },
  SIGN_HEADERS_MISSING: { kind: 'loginExpired', message: '签名请求头不完整' },
  SIGN_KEY_INVALID: { kind: 'loginExpired', message: '密钥不存在或已停用' },
  SIGN_TIMESTAMP_OUT: { kind: 'loginExpired', message: '请求时间戳超出5分钟有效期' },
  SIGN_NONCE_INVALID: { kind: 'loginExpired', message: '随机数格式不正确' },
  SIGN_NONCE_REPLAYED: { kind: 'loginExpired', message: '请求已使用过（随机数重复）' },
  SIGN_MISMATCH: { kind: 'loginExpired', message: '签名不正确' },
  SIGN_BODY_TOO_LARGE: { kind: 'invalid', message: '请求体过大' },
  SCOPE_NOT_OPEN: { kind: 'forbidden', message: '该接口未对开放平台开放' },
  SCOPE_MISSING: { kind: 'forbidden', message: (p: { scope: string }) => `密钥没有权限范围 ${p.scope}` },
  API_RATE_LIMITED: { kind: 'rateLimited', message: '调用过于频繁，请稍后再试' },
  WEBHOOK_NOT_FOUND: { kind: 'notFound', message: '记录不存在' },
  WEBHOOK_LIMIT: { kind: 'invalid', message: (p: { max: number }) => `每个企业最多${p.max}个接收地址` },
  WEBHOOK_URL_HTTPS: { kind: 'invalid', message: '接收地址须为 https 地址' },
  WEBHOOK_URL_PRIVATE: { kind: 'invalid', message: '接收地址不能是内网、本机或链路本地地址' },
  WEBHOOK_URL_UNRESOLVED: { kind: 'invalid', message: '接收地址的域名无法解析' },
});

export const fail = raiserOf(openapiErrors);
