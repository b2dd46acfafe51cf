import { api } from '../../../lib/api.ts';
import type { InviteAcceptInput } from '@aquamall/shared';
import type { LoginResult } from '../../session/index.ts';

/** The identity calls used by the SSO pages (SPEC §7 plus the endpoints documented in docs/decisions/0040). */
export const ssoApi = {
  login: (body: { account: string; password: string; rememberMe: boolean; captchaId?: string; captchaCode?: string }) =>
    api.command<LoginResult>('/api/appuser/login', body),
  loginCaptcha: (account: string) =>
    api.query<{ needCaptcha: boolean; locked: boolean }>('/api/appuser/logincaptcha', { account }, { suppressError: true }),
  sendCode: (body: { phone?: string; purpose: 'login' | 'register' | 'forget' | 'bind' | 'oldphone' | 'newphone' | 'invite'; captchaId?: string; captchaCode?: string }) =>
    api.command<{ resendSeconds: number }>('/api/appuser/sendcode', body),
  loginByPhone: (body: { phone: string; code: string; rememberMe: boolean }) => api.command<LoginResult>('/api/appuser/loginbyphone', body),
  sendEmailCode: (email: string) => api.command<{ resendSeconds: number }>('/api/appuser/sendemailcode', { email }),
  loginByEmail: (body: { email: string; code: string; rememberMe: boolean }) => api.command<LoginResult>('/api/appuser/loginbyemail', body),
  acceptInvite: (body: InviteAcceptInput) => api.command<LoginResult>('/api/appuser/acceptinvite', body),
  wxQr: (id: string) =>
    api.get<{ ticket: string; qrImage: string; expireSeconds: number; sandbox: boolean; scanUrl?: string }>(`/api/wx/getwxoaqrcode/${encodeURIComponent(id)}`),
  wxLogin: (ticket: string, id: string, rememberMe: boolean) =>
    api.get<LoginResult>('/api/appuser/wtcWxlogin', { ticket, id, rememberMe }, { suppressSuccess: false }),
  wxBind: (body: { ticket: string; id: string; phone: string; code: string; rememberMe: boolean }) =>
    api.command<LoginResult>('/api/appuser/wxbind', body),
};

/** Runs a send call for SmsCodeButton: true when sent (errors are already shown by the API client). */
export async function sent(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}
