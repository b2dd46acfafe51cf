import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { aliyunSignedQuery } from './sms.ts';

const keys = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'testid',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'testsecret',
  ALIYUN_SMS_SIGN_NAME: '水务商城',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};

let t: TestApp;
beforeAll(async () => {
  Object.assign(process.env, keys);
  t = await createTestApp({ env: { SMS_PROVIDER: 'aliyun', DEMO: '0' } });
});
afterAll(async () => {
  for (const k of Object.keys(keys)) delete process.env[k];
  await t?.close();
});

describe('with a real SMS provider', () => {
  it('the dev outbox, its page and the captcha peek are gone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/captcha?id=abcd1234' })).statusCode).toBe(404);
  });

  it('signs Aliyun requests (HMAC-SHA1 over the sorted, encoded query)', () => {
    const q = aliyunSignedQuery({ B: 'x y', A: '1*~' }, 'secret');
    expect(q).toMatch(/^Signature=[A-Za-z0-9%]+&A=1%2A~&B=x%20y$/);
  });
});

describe('WeChat without configuration and without the sandboxes', () => {
  it('QR login is off and the sandbox scan page is gone', async () => {
    const qr = await t.app.inject({ method: 'GET', url: '/api/wx/getwxoaqrcode/browser-cccc-0003' });
    expect(qr.json()).toMatchObject({ message: '微信扫码登录暂未开通，请使用其他方式登录' });
    expect((await t.app.inject({ method: 'GET', url: '/api/wx/sandbox/scan?ticket=x' })).statusCode).toBe(404);
  });
});
