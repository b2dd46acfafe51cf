import { queryOptions } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { api, endpointUrl, type InputOf } from '../../../lib/api.ts';

/** The identity calls used by the SSO pages (docs/product/api-envelope.md#identity-calls plus the endpoints documented in docs/decisions/0040). */
export const ssoApi = {
  login: (body: InputOf<'login'>) => api.run('login', body),
  loginCaptcha: (account: string) => api.read('loginCaptcha', { account }, { suppressError: true }),
  sendCode: (body: InputOf<'codeSend'>) => api.run('codeSend', body),
  loginByPhone: (body: InputOf<'loginByPhone'>) => api.run('loginByPhone', body),
  sendEmailCode: (email: string) => api.run('emailCodeSend', { email }),
  loginByEmail: (body: InputOf<'loginByEmail'>) => api.run('loginByEmail', body),
  acceptInvite: (body: InputOf<'inviteAccept'>) => api.run('inviteAccept', body),
  wxQr: (id: string) => api.read('wxQrCode', { id }),
  wxLogin: (ticket: string, id: string, rememberMe: boolean) => api.run('wxLogin', { ticket, id, rememberMe }),
  wxBind: (body: InputOf<'wxBind'>) => api.run('wxBind', body),
  register: (body: InputOf<'register'>) => api.run('register', body),
  forgetPassword: (body: InputOf<'forgetPassword'>) => api.run('forgetPassword', body),
  modifyPassword: (body: InputOf<'modifyPassword'>) => api.run('modifyPassword', body),
  /** Form-encoded, as docs/product/api-envelope.md#identity-calls has it. */
  replacePhone: (body: InputOf<'replacePhone'>) => api.run('replacePhone', body, { form: true }),
};

/** POST /api/appuser/registerdetail — the registration form's options. */
export const registerDetailQuery = queryOptions({
  queryKey: ['appuser', 'registerdetail'],
  queryFn: () => api.read('registerDetail', {}, { suppressError: true }),
});

/** The picture captcha's address for a captcha id. */
export const captchaImageUrl = (id: string) => endpointUrl('captchaImage', { id });

/** Where the WeChat QR ticket's pushes come from (WebSocket /api/wxoaqrcodesocket: docs/product/accounts.md#wechat-qr-login). */
export function wechatSocketUrl(ticket: string): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${endpointUrl('wxQrSocket', { ticket })}`;
}

/** Runs a send call for SmsCodeButton: true when sent (errors are already shown by the API client). */
export async function sent(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}

/**
 * For SmsCodeButton on a form with a `phone` field: checks the number, then texts it a code for `purpose`.
 * True when sent (a wrong number shows under the field; server errors are shown by the API client).
 */
export async function sendCodeToFormPhone(form: FormInstance, purpose: InputOf<'codeSend'>['purpose']): Promise<boolean> {
  try {
    await form.validateFields(['phone']);
  } catch {
    return false;
  }
  return sent(() => ssoApi.sendCode({ phone: form.getFieldValue('phone') as string, purpose }));
}
