import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginToken } from './two-factor-helpers.ts';

/** The latest sandbox code sent to a phone or e-mail (GET /api/dev/outbox, SMS sandbox active in e2e). */
export async function outboxCode(request: APIRequestContext, target: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?target=${encodeURIComponent(target)}`);
      const body = (await res.json()) as { data: { list: { body: string }[] } };
      code = /(\d{6})/.exec(body.data.list[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The text of the picture captcha currently shown (sandbox peek). */
export async function captchaText(page: Page): Promise<string> {
  const id = await page.locator('img[alt="图形验证码"]').getAttribute('data-captcha-id');
  let text = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/captcha?id=${encodeURIComponent(id ?? '')}`);
      text = res.ok() ? ((await res.json()) as { data: { text: string } | null }).data?.text ?? '' : '';
      return text.length;
    })
    .toBe(4);
  return text;
}

export const DEMO_PASSWORD = 'Demo@2026';

export async function passwordLogin(page: Page, account: string, password = DEMO_PASSWORD) {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Signs in through the login API and keeps the token where the client does (remember-me); returns the user. */
export async function signIn(
  page: Page,
  account: string,
  password = DEMO_PASSWORD,
): Promise<{ userId: number; extension: { CompanyId: number | null; CompanyName: string } }> {
  const token = await loginToken(page.request, account, password);
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('rememberMe', 'true');
  }, token);
  const info = await page.request.get('/api/appuser/loginuserinfo', { headers: { 'x-token': token } });
  return ((await info.json()) as { data: { userId: number; extension: { CompanyId: number | null; CompanyName: string } } }).data;
}

/** A fresh mainland mobile number for this run. */
export const freshPhone = () => `137${String(Date.now()).slice(-8)}`;

/** Registers a fresh purchaser company through the API (captcha peek + sandbox SMS) and returns its login. */
export async function registerViaApi(request: APIRequestContext, password = 'Fresh2026pass') {
  const phone = freshPhone();
  const id = `e2e-${phone}`;
  await request.get(`/api/ImgVerificationCode?id=${id}`);
  const cap = (await (await request.get(`/api/dev/captcha?id=${id}`)).json()) as { data: { text: string } };
  const sent = await request.post('/api/appuser/sendcode', { data: { phone, purpose: 'register', captchaId: id, captchaCode: cap.data.text } });
  expect(((await sent.json()) as { code: number }).code).toBe(0);
  const code = await outboxCode(request, phone);
  const res = await request.post('/api/appuser/originregister', {
    data: { phone, code, password, confirmPassword: password, companyName: `账户测试企业${phone.slice(-4)}`, companyType: 4, agree: true },
  });
  const body = (await res.json()) as { code: number; data: { authToken: string } };
  expect(body.code).toBe(0);
  return { phone, password, token: body.data.authToken };
}
