import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Alipay } from './alipay.ts';
import { PaySandbox } from './sandbox.ts';
import { fetchTransport, type PaymentPartner } from './types.ts';
import { WechatPay } from './wechatpay.ts';

export interface PayPartners {
  wechat: PaymentPartner | null;
  /** Alipay: also the supplier's authorisation of the platform's application (decision 0216). */
  alipay: Alipay | null;
  /** Demo mode without a partner's configuration: the offline sandbox speaking for it. */
  sandbox: PaySandbox | null;
}

/** The notification routes to register with the partners (docs/operations.md). */
export const WECHAT_NOTIFY_PATH = '/api/pay/notify/wechat';
export const ALIPAY_NOTIFY_PATH = '/api/pay/notify/alipay';

// Keyed by the app's configuration: the same object in the root app and in every plugin's encapsulated instance.
const cache = new WeakMap<object, PayPartners>();

/** A value or the contents of the file `<NAME>_FILE` names. */
function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) return readFileSync(file, 'utf8');
  return env[name] || undefined;
}

const WECHAT_VARS = ['WECHATPAY_MCH_ID', 'WECHATPAY_APP_ID', 'WECHATPAY_API_V3_KEY', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_PLATFORM_CERT', 'WECHATPAY_PLATFORM_SERIAL'];
const ALIPAY_VARS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'];
/** Where suppliers authorise the platform's Alipay application (第三方应用授权), unless ALIPAY_AUTHORIZE_URL says otherwise. */
export const ALIPAY_AUTHORIZE_URL = 'https://openauth.alipay.com/oauth2/appToAppAuth.htm';
/** The workbench page Alipay returns a supplier to with its app_auth_code (register it as the application's 授权回调地址). */
export const ALIPAY_AUTH_RETURN_PATH = '/customer/bank/auth';

/**
 * The payment partners of this server (decisions 0207, 0216), chosen from the environment like the other partners: the
 * platform's service-provider credentials (WeChat Pay 服务商 sp_mchid / sp_appid; Alipay third-party application) —
 * every payment is the supplier sub-merchant's, never the platform's. WeChat
 * Pay when every WECHATPAY_* variable is set (keys may come from files: WECHATPAY_PRIVATE_KEY_FILE,
 * WECHATPAY_PLATFORM_CERT_FILE), Alipay when every ALIPAY_* is (ALIPAY_PRIVATE_KEY_FILE, ALIPAY_PUBLIC_KEY_FILE;
 * ALIPAY_GATEWAY defaults to the production gateway); a partner partly configured stops the start. Otherwise the
 * offline sandbox in demo mode, otherwise none: the pay dialog then offers transfer and credit only and says so.
 */
export function payPartnersOf(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): PayPartners {
  const existing = cache.get(app.config);
  if (existing) return existing;
  const publicUrl = app.config.publicUrl;
  const present = (names: string[]) => names.filter((n) => secret(env, n) !== undefined);
  const wechatSet = present(WECHAT_VARS);
  const alipaySet = present(ALIPAY_VARS);
  if (wechatSet.length && wechatSet.length < WECHAT_VARS.length)
    throw new Error(`WeChat Pay needs ${WECHAT_VARS.filter((n) => !wechatSet.includes(n)).join(', ')}`);
  if (alipaySet.length && alipaySet.length < ALIPAY_VARS.length)
    throw new Error(`Alipay needs ${ALIPAY_VARS.filter((n) => !alipaySet.includes(n)).join(', ')}`);
  const demo = app.config.demo;
  const sandbox = demo && (!wechatSet.length || !alipaySet.length) ? new PaySandbox(publicUrl) : null;
  const wechat = wechatSet.length
    ? new WechatPay(
        {
          mchId: secret(env, 'WECHATPAY_MCH_ID')!,
          appId: secret(env, 'WECHATPAY_APP_ID')!,
          apiV3Key: secret(env, 'WECHATPAY_API_V3_KEY')!.trim(),
          serialNo: secret(env, 'WECHATPAY_SERIAL_NO')!.trim(),
          privateKey: secret(env, 'WECHATPAY_PRIVATE_KEY')!,
          platformKey: secret(env, 'WECHATPAY_PLATFORM_CERT')!,
          platformSerial: secret(env, 'WECHATPAY_PLATFORM_SERIAL')!.trim(),
          baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
          notifyUrl: publicUrl + WECHAT_NOTIFY_PATH,
        },
        fetchTransport,
      )
    : sandbox?.wechatAdapter(publicUrl + WECHAT_NOTIFY_PATH) ?? null;
  const alipay = alipaySet.length
    ? new Alipay(
        {
          appId: secret(env, 'ALIPAY_APP_ID')!,
          privateKey: secret(env, 'ALIPAY_PRIVATE_KEY')!,
          alipayPublicKey: secret(env, 'ALIPAY_PUBLIC_KEY')!,
          gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
          notifyUrl: publicUrl + ALIPAY_NOTIFY_PATH,
          returnUrl: `${publicUrl}/customer/order`,
          authorizeUrl: env.ALIPAY_AUTHORIZE_URL || ALIPAY_AUTHORIZE_URL,
        },
        fetchTransport,
      )
    : sandbox?.alipayAdapter(publicUrl + ALIPAY_NOTIFY_PATH, `${publicUrl}/customer/order`) ?? null;
  const partners = { wechat, alipay, sandbox: sandbox && (wechat?.sandbox || alipay?.sandbox) ? sandbox : null };
  cache.set(app.config, partners);
  return partners;
}
