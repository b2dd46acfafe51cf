import type { FastifyInstance } from 'fastify';
import type { LoginMethods } from '@aquamall/shared';
import { failKernel, kernelErrors, type SmsOff } from '../messages.ts';
import { getProviders } from './index.ts';
import type { SmsProvider } from './sms.ts';
import type { EmailProvider } from './email.ts';
import type { WechatAdapter } from './wechat.ts';

/** What a caller is told when a partner is not configured (deployment without it, docs/product/deployment.md#partners-and-sandboxes). */
export const MSG_SMS_OFF = kernelErrors.SMS_OFF.message;
export const MSG_SMS_REGISTER_OFF = kernelErrors.SMS_REGISTER_OFF.message;
export const MSG_SMS_FORGET_OFF = kernelErrors.SMS_FORGET_OFF.message;
export const MSG_SMS_SERVICE_OFF = kernelErrors.SMS_SERVICE_OFF.message;
export const MSG_EMAIL_OFF = kernelErrors.EMAIL_OFF.message;
export const MSG_WECHAT_OFF = kernelErrors.WECHAT_OFF.message;

/** The login methods this server offers; the sign-in page hides or disables the others. */
export function loginMethods(app: FastifyInstance): LoginMethods {
  const p = getProviders(app);
  return { password: true, sms: !!p.sms, email: !!p.email, wechat: !!p.wechat };
}

/** The SMS provider, or the Chinese "not available" answer when SMS is not configured. */
export function requireSms(app: FastifyInstance, off: SmsOff = 'SMS_OFF'): SmsProvider {
  const { sms } = getProviders(app);
  if (!sms) throw failKernel(off);
  return sms;
}

export function requireEmail(app: FastifyInstance): EmailProvider {
  const { email } = getProviders(app);
  if (!email) throw failKernel('EMAIL_OFF');
  return email;
}

export function requireWechat(app: FastifyInstance): WechatAdapter {
  const { wechat } = getProviders(app);
  if (!wechat) throw failKernel('WECHAT_OFF');
  return wechat;
}

/** One warning per unconfigured partner at start, so an operator sees which sign-in ways are off. */
export function warnUnavailable(app: FastifyInstance): void {
  const m = loginMethods(app);
  if (!m.sms) {
    app.log.warn('SMS is not configured (SMS_PROVIDER=aliyun + ALIYUN_SMS_*): SMS login, registration and password recovery are off');
  }
  if (!m.email) app.log.warn('E-mail is not configured (SMTP_URL): e-mail code login is off');
  if (!m.wechat) app.log.warn('WeChat is not configured (WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TOKEN): WeChat QR login is off');
  if (!app.config.demo) {
    app.log.warn('Real-name verification, e-signing and the bank small-deposit check have no real adapter yet: merchant certification is off');
  }
}
