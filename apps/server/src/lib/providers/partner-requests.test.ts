import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliyunSignedQuery, AliyunSms } from './sms.ts';
import { OfficialWechat, templateData } from './wechat.ts';

/**
 * The requests the SMS and WeChat adapters send, read by a local stand-in of each partner: the parameters and
 * body the partners' documentation asks for (Aliyun SendSms RPC v1; WeChat template message with its
 * 防重入 id and the current template library's keys), and their error answers turned into failures.
 */
interface Seen {
  method: string;
  url: URL;
  body: string;
}
const seen: Seen[] = [];
let answer: (s: Seen) => unknown = () => ({});
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://local'), body };
      seen.push(s);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(s)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Aliyun SendSms', () => {
  it('sends a signed RPC request a receiver can verify, with the template, its variables and OutId', async () => {
    seen.length = 0;
    answer = () => ({ Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' });
    const sms = new AliyunSms({ accessKeyId: 'testId', accessKeySecret: 'testSecret', signName: '水务商城', templateCode: 'SMS_1', endpoint: base });
    await sms.sendTemplate('13900000001', 'SMS_71390007', { no: 'D2026120700001' }, 'notice42');
    const [req] = seen;
    const params = Object.fromEntries(req!.url.searchParams);
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      PhoneNumbers: '13900000001',
      SignName: '水务商城',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"no":"D2026120700001"}',
      OutId: 'notice42',
      AccessKeyId: 'testId',
    });
    expect(params.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The receiver's check: the signature over every other parameter with the shared secret.
    const { Signature, ...rest } = params;
    expect(decodeURIComponent(aliyunSignedQuery(rest, 'testSecret').split('&')[0]!.slice('Signature='.length))).toBe(Signature);
    expect(aliyunSignedQuery(rest, 'otherSecret')).not.toContain(encodeURIComponent(Signature!));
  });

  it('fails on an error answer, so the send is retried and recorded', async () => {
    answer = () => ({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控' });
    const sms = new AliyunSms({ accessKeyId: 'id', accessKeySecret: 's', signName: '水务商城', templateCode: 'SMS_1', endpoint: base });
    await expect(sms.sendTemplate('13900000001', 'SMS_1', {})).rejects.toThrow(/isv.BUSINESS_LIMIT_CONTROL/);
  });
});

describe('WeChat template message', () => {
  it('maps the catalogue onto a library template, cuts values to the key limits and sends client_msg_id', async () => {
    seen.length = 0;
    answer = (s) => (s.url.pathname === '/cgi-bin/token' ? { access_token: 'TOKEN', expires_in: 7200 } : { errcode: 0, errmsg: 'ok', msgid: 200228332 });
    const wx = new OfficialWechat({ appId: 'wxid', appSecret: 'sec', token: 't', apiBase: base });
    const fields = templateData(
      { id: 'TPL', fields: { character_string1: 'keyword1', thing2: 'keyword2', thing3: 'remark' } },
      { first: '您有新订单待确认', keyword1: 'D2026120700001', keyword2: '北京市某某水务工程有限公司第三分公司采购部', remark: '请及时确认订单' },
    );
    await wx.sendTemplate({ openId: 'oUser', templateId: 'TPL', fields, url: 'https://www.example.cn/customer/order', clientMsgId: 'notice7' });
    const send = seen.find((s) => s.url.pathname === '/cgi-bin/message/template/send')!;
    expect(send.method).toBe('POST');
    expect(send.url.searchParams.get('access_token')).toBe('TOKEN');
    expect(JSON.parse(send.body)).toEqual({
      touser: 'oUser',
      template_id: 'TPL',
      url: 'https://www.example.cn/customer/order',
      client_msg_id: 'notice7',
      data: {
        character_string1: { value: 'D2026120700001' },
        thing2: { value: '北京市某某水务工程有限公司第三分公司采购' },
        thing3: { value: '请及时确认订单' },
      },
    });
    expect([...JSON.parse(send.body).data.thing2.value]).toHaveLength(20);
  });

  it('sends the catalogue keys as they are for a template without a field map, and fails on errcode', async () => {
    expect(templateData({ id: 'OLD' }, { first: 'a', keyword1: 'b' })).toEqual({ first: 'a', keyword1: 'b' });
    answer = (s) => (s.url.pathname === '/cgi-bin/token' ? { access_token: 'TOKEN', expires_in: 7200 } : { errcode: 40037, errmsg: 'invalid template_id' });
    const wx = new OfficialWechat({ appId: 'wxid', appSecret: 'sec', token: 't', apiBase: base });
    await expect(wx.sendTemplate({ openId: 'o', templateId: 'BAD', fields: {}, url: '' })).rejects.toThrow(/40037/);
  });
});
