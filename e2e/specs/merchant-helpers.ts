import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginToken, rememberDeviceIn } from './two-factor-helpers.ts';

/** A valid 1×1 PNG (uploads are checked by content). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const freshSupplierPhone = () => `136${String(Date.now()).slice(-6)}${crypto.randomInt(10, 99)}`;

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** Registers a supplier company through the real API (captcha peek + sandbox SMS code), as the register page does. */
export async function registerSupplier(request: APIRequestContext, companyName: string, password = 'Water2026ok') {
  const phone = freshSupplierPhone();
  const captchaId = crypto.randomUUID();
  await request.get(`/api/ImgVerificationCode?id=${captchaId}`);
  const { text } = await json<{ text: string }>(await request.get(`/api/dev/captcha?id=${captchaId}`));
  await json(await request.post('/api/appuser/sendcode', { data: { phone, purpose: 'register', captchaId, captchaCode: text } }));
  let code = '';
  await expect
    .poll(async () => {
      const out = await json<{ list: { body: string }[] }>(await request.get(`/api/dev/outbox?target=${phone}`));
      code = /(\d{6})/.exec(out.list[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await json(
    await request.post('/api/appuser/originregister', {
      data: { phone, code, password, confirmPassword: password, companyName, companyType: 2, registerType: 'merchant', agree: true, realName: '王经理' },
    }),
  );
  return { phone, password };
}

/** Logs in through the real login API and answers the token. */
/** Signs in through the API (and the second step for the demo platform administrator); the token. */
export async function apiLogin(request: APIRequestContext, account: string, password: string): Promise<string> {
  return loginToken(request, account, password);
}

export async function uploadPng(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/file/upload', {
    headers: { 'x-token': token },
    multipart: { storefile: { name: `doc-${crypto.randomUUID()}.png`, mimeType: 'image/png', buffer: PNG } },
  });
  const data = await json<{ fileRelativePath: string }[]>(res);
  return data[0]!.fileRelativePath;
}

/** Signs in on the login page (the caller has navigated there, possibly with a returnUrl). */
export async function uiLogin(page: Page, account: string, password: string) {
  if (account === ADMIN.account) await rememberDeviceIn(page, account, password);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export const ADMIN = { account: 'admin', password: 'Demo@2026' };
