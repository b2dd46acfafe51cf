import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * Two-factor sign-in in the browser tests (README "Signing in"). The demo platform administrator is enrolled
 * with this documented demo secret; the helpers below pass the second step for it once per worker with
 * 记住此设备, then send that device cookie, so the replay guard (a code is accepted once) never bites.
 */
export const DEMO_TOTP_SECRET = 'AQUAMALLDEMOADMIN2FA7TOTPSECRET2';
export const DEVICE_COOKIE = 'aq2fa';

/** The code of a secret `steps` periods from now. */
export const totpCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The remembered-device cookie value per secret, for this worker. */
const devices = new Map<string, string>();

interface Answer {
  code: number;
  message: string;
  data: { authToken?: string; twoFactor?: { token: string } } | null;
}

/**
 * Passes the second step of a pending sign-in with codes of `secret` (earliest step the server still accepts
 * first; waits for the next step when every code was used already) and remembers the device.
 */
export async function passSecondStep(request: APIRequestContext, pendingToken: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  let last: Answer | null = null;
  for (let round = 0; round < 3; round++) {
    for (const steps of [-1, 0, 1]) {
      const res = await request.post('/api/appuser/2fa/verify', { data: { token: pendingToken, code: await totpCode(secret, steps), rememberDevice: true } });
      last = (await res.json()) as Answer;
      if (last.code === 0) {
        const cookie = res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${DEVICE_COOKIE}=`));
        if (cookie) devices.set(secret, cookie.value.split(';')[0]!.slice(DEVICE_COOKIE.length + 1));
        return last.data!.authToken!;
      }
    }
    await new Promise((r) => setTimeout(r, 31_000 - (Date.now() % 30_000)));
  }
  throw new Error(`second step failed: ${last?.message}`);
}

/** POST /api/appuser/login, through the second step when the account has two-factor sign-in on; the token. */
export async function loginToken(request: APIRequestContext, account: string, password: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  const device = devices.get(secret);
  const res = await request.post('/api/appuser/login', { data: { account, password }, headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {} });
  const body = (await res.json()) as Answer;
  expect(body.code, body.message).toBe(0);
  if (body.data?.twoFactor) return passSecondStep(request, body.data.twoFactor.token, secret);
  return body.data!.authToken!;
}

/**
 * Before a sign-in through the login page: for an account with two-factor sign-in on, puts this worker's
 * remembered-device cookie into the browser (signing in once through the API to get it), so the page signs
 * in without the second step.
 */
export async function rememberDeviceIn(page: Page, account: string, password: string, secret = DEMO_TOTP_SECRET) {
  if (!devices.has(secret)) await loginToken(page.request, account, password, secret);
  const value = devices.get(secret);
  if (!value) return;
  const base = new URL(page.url().startsWith('http') ? page.url() : 'http://127.0.0.1/');
  await page.context().addCookies([{ name: DEVICE_COOKIE, value, domain: base.hostname, path: '/api/appuser', httpOnly: true, sameSite: 'Strict' }]);
}
