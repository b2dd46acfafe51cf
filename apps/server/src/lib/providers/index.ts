import type { FastifyInstance } from 'fastify';
import { AliyunSms, SandboxSms, type SmsProvider } from './sms.ts';
import { SandboxEmail, SmtpEmail, type EmailProvider } from './email.ts';
import { OfficialWechat, SandboxWechat, type WechatAdapter } from './wechat.ts';

/**
 * The partner adapters for codes and WeChat. Each is null when its partner is not configured and the demo is
 * off (docs/product/deployment.md#partners-and-sandboxes): the login methods that need it are then unavailable (see availability.ts).
 */
export interface Providers {
  sms: SmsProvider | null;
  email: EmailProvider | null;
  wechat: WechatAdapter | null;
}

const cache = new WeakMap<FastifyInstance, Providers>();

/**
 * The partner adapters of this server (docs/product/accounts.md#partner-services, docs/product/deployment.md#partners-and-sandboxes), chosen from the configuration: real providers when
 * configured, otherwise the offline sandboxes in demo mode, otherwise none. Extra credentials are read from the environment:
 * SMS_PROVIDER=aliyun with ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME,
 * ALIYUN_SMS_TEMPLATE_CODE; SMTP_URL (+ SMTP_FROM); WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TOKEN.
 */
export function getProviders(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): Providers {
  const existing = cache.get(app);
  if (existing) return existing;
  const { config } = app;
  let sms: SmsProvider | null = config.demo ? new SandboxSms(app.db, app.log) : null;
  if (config.smsProvider === 'aliyun') {
    const need = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'];
    const missing = need.filter((k) => !env[k]);
    if (missing.length) throw new Error(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
    sms = new AliyunSms({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: env.ALIYUN_SMS_SIGN_NAME!,
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
    });
  } else if (config.smsProvider && config.smsProvider !== 'sandbox') {
    throw new Error(`Unknown SMS_PROVIDER ${config.smsProvider} (use sandbox or aliyun)`);
  }
  const email: EmailProvider | null = config.smtpUrl
    ? new SmtpEmail(config.smtpUrl, env.SMTP_FROM ?? 'AquaMall <no-reply@aquamall.local>')
    : config.demo
      ? new SandboxEmail(app.db, app.log)
      : null;
  // The WeChat sandbox lets anyone "scan" as any OpenID, so it only exists in demo mode (laptop, e2e).
  const wechat: WechatAdapter | null = config.wechat ? new OfficialWechat(config.wechat) : config.demo ? new SandboxWechat() : null;
  const providers = { sms, email, wechat };
  cache.set(app, providers);
  return providers;
}
