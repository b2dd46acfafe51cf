import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { checkWechatSignature, parseScanEvent } from '../../lib/providers/wechat.ts';
import { insertCompanyWithAdmin, lastCode, TEST_PASSWORD } from '../../test/factories/index.ts';
import { get, post } from '../../test/http.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

interface Qr {
  ticket: string;
  qrImage: string;
  sandbox: boolean;
  scanUrl: string;
}

/** Opens the socket and collects pushed statuses. */
function watch(ticket: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/wxoaqrcodesocket?ticket=${ticket}`);
  const seen: string[] = [];
  const waiters: { status: string; resolve: () => void }[] = [];
  ws.on('message', (raw) => {
    const { status } = JSON.parse(String(raw)) as { status: string };
    seen.push(status);
    for (const w of waiters.filter((x) => x.status === status)) w.resolve();
  });
  const until = (status: string) =>
    seen.includes(status) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ status, resolve }));
  const opened = new Promise((r) => ws.once('open', r));
  return { ws, seen, until, opened };
}

async function getQr(id: string): Promise<Qr> {
  const res = await fetch(`${base}/api/wx/getwxoaqrcode/${id}`);
  return ((await res.json()) as { data: Qr }).data;
}

async function scan(scanUrl: string, openId: string) {
  const ticket = new URL(scanUrl).searchParams.get('ticket')!;
  const page = await fetch(scanUrl);
  expect(await page.text()).toContain('微信扫码登录（沙箱模拟）');
  const res = await fetch(`${base}/api/wx/sandbox/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket, openId }).toString(),
  });
  return res.text();
}

describe('WeChat QR login (sandbox)', () => {
  it('binds an unknown WeChat identity on first scan, then logs straight in; pushes over the socket', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13500000001', password: TEST_PASSWORD } });
    const id = 'browser-aaaa-0001';
    const qr = await getQr(id);
    expect(qr.ticket.length).toBeGreaterThan(30);
    expect(qr.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(qr.scanUrl).toContain('/api/wx/sandbox/scan?ticket=');

    const w = watch(qr.ticket);
    await w.opened;
    await w.until('waiting');
    expect(await scan(qr.scanUrl, 'wx-open-1')).toContain('已扫码');
    await w.until('bind');

    // Nothing to take as a login yet.
    expect((await get(t.app, `/api/appuser/wtcWxlogin?ticket=${qr.ticket}&id=${id}`)).message).toBe('二维码已失效，请刷新后重新扫码');
    await post(t.app, '/api/appuser/sendcode', { phone: '13500000001', purpose: 'bind' });
    const code = await lastCode(t.app, '13500000001');
    // Another browser that only saw the QR cannot use the ticket.
    expect((await post(t.app, '/api/appuser/wxbind', { ticket: qr.ticket, id: 'other-browser-1', phone: '13500000001', code })).code).not.toBe(0);
    const bound = await post<{ authToken: string }>(t.app, '/api/appuser/wxbind', { ticket: qr.ticket, id, phone: '13500000001', code });
    expect(bound.code).toBe(0);
    expect(bound.data.authToken).toBeTruthy();
    await w.until('done');

    // Second time: the same WeChat user is known.
    const qr2 = await getQr(id);
    const w2 = watch(qr2.ticket);
    await w2.opened;
    await scan(qr2.scanUrl, 'wx-open-1');
    await w2.until('confirmed');
    const logged = await get<{ authToken: string; userInfo: { phone: string } }>(t.app, `/api/appuser/wtcWxlogin?ticket=${qr2.ticket}&id=${id}`);
    expect(logged.code).toBe(0);
    expect(logged.data.userInfo.phone).toBe('13500000001');
    // A ticket logs in once.
    expect((await get(t.app, `/api/appuser/wtcWxlogin?ticket=${qr2.ticket}&id=${id}`)).code).not.toBe(0);
    w.ws.close();
    w2.ws.close();
  });

  it('a scan after the QR expired is refused', async () => {
    const qr = await getQr('browser-bbbb-0002');
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update wechat_tickets set expires_at = now() - interval '1 second' where ticket = ${qr.ticket}`);
    expect(await scan(qr.scanUrl, 'wx-open-2')).toContain('二维码已失效');
  });
});

describe('WeChat official-account callback helpers', () => {
  it('checks the signature and reads scan events', () => {
    const sig = crypto.createHash('sha1').update(['tok', '1700000000', 'n1'].sort().join('')).digest('hex');
    expect(checkWechatSignature('tok', sig, '1700000000', 'n1')).toBe(true);
    expect(checkWechatSignature('tok', sig, '1700000001', 'n1')).toBe(false);
    const xml = `<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oOpenId123]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_abcTicket]]></EventKey></xml>`;
    expect(parseScanEvent(xml)).toEqual({ openId: 'oOpenId123', scene: 'abcTicket' });
    expect(parseScanEvent(xml.replace('subscribe', 'unsubscribe'))).toBeNull();
  });

  it('refuses callbacks with a bad signature', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wx/callback?signature=x&timestamp=1&nonce=2&echostr=hi' });
    expect(res.statusCode).toBe(403);
  });
});
