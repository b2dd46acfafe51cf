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

  it("signs Aliyun requests exactly like Aliyun's published SendSms example", () => {
    // The worked example of Aliyun's SMS API signing document (dysmsapi, "签名机制"): AccessKeySecret
    // testSecret and these parameters give the signature zJDF+Lrzhj/ThnlvIToysFRq6t4=.
    const q = aliyunSignedQuery(
      {
        AccessKeyId: 'testId',
        Action: 'SendSms',
        Format: 'XML',
        OutId: '123',
        PhoneNumbers: '15300000001',
        RegionId: 'cn-hangzhou',
        SignName: '阿里云短信测试专用',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
        SignatureVersion: '1.0',
        TemplateCode: 'SMS_71390007',
        TemplateParam: '{"customer":"test"}',
        Timestamp: '2017-07-12T02:42:19Z',
        Version: '2017-05-25',
      },
      'testSecret',
    );
    expect(q.split('&')[0]).toBe('Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D');
    // Percent-encoding as Aliyun's rules say: space %20, * %2A, ~ kept.
    expect(aliyunSignedQuery({ B: 'x y', A: '1*~' }, 'secret')).toMatch(/&A=1%2A~&B=x%20y$/);
  });
});

describe('WeChat without configuration and without the sandboxes', () => {
  it('QR login is off and the sandbox scan page is gone', async () => {
    const qr = await t.app.inject({ method: 'GET', url: '/api/wx/getwxoaqrcode/browser-cccc-0003' });
    expect(qr.json()).toMatchObject({ message: '微信扫码登录暂未开通，请使用其他方式登录' });
    expect((await t.app.inject({ method: 'GET', url: '/api/wx/sandbox/scan?ticket=x' })).statusCode).toBe(404);
  });
});
