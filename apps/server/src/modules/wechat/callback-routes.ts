import type { FastifyInstance } from 'fastify';
import { wechatEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { getProviders } from '../../lib/providers/index.ts';
import { checkWechatSignature, parseScanEvent } from '../../lib/providers/wechat.ts';
import { recordScan } from './service.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}button{background:#07c160;color:#fff;border:0;border-radius:6px;padding:10px 24px;font-size:16px}input{width:100%;padding:8px;box-sizing:border-box;margin:6px 0 16px}.tip{color:#888;font-size:13px}</style></head><body>${body}</body></html>`;

/**
 * The official account's server callback (GET: URL verification with echostr; POST: events, XML) — signature
 * checked with WECHAT_TOKEN; written from WeChat's documentation, NOT tested against WeChat. And the sandbox
 * scan page the sandbox QR encodes (docs/product/accounts.md#wechat-qr-login), only while the WeChat sandbox is active.
 */
export default async function callbackRoutes(app: FastifyInstance) {
  for (const type of ['text/xml', 'application/xml']) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_r, body, done) => done(null, body));
  }
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  const token = app.config.wechat?.token ?? '';

  route(app, e.wxCallbackVerify, async (request, reply) => {
    const q = request.query;
    if (!checkWechatSignature(token, q.signature, q.timestamp, q.nonce)) return reply.code(403).type('text/plain').send('forbidden');
    return reply.type('text/plain').send(q.echostr ?? '');
  });

  route(app, e.wxCallback, async (request, reply) => {
    const q = request.query;
    if (!checkWechatSignature(token, q.signature, q.timestamp, q.nonce)) return reply.code(403).type('text/plain').send('forbidden');
    const event = parseScanEvent(typeof request.body === 'string' ? request.body : '');
    if (event) await recordScan(app.db, app.bus, event.scene, event.openId);
    return reply.type('text/plain').send('success');
  });

  // The sandbox scan page signs anyone in as any OpenID: registered only while the WeChat sandbox is the
  // adapter (demo mode without WECHAT_*); elsewhere the paths are unknown (HTTP 404).
  if (!getProviders(app).wechat?.sandbox) return;

  route(app, e.wxSandboxScanPage, async (request, reply) => {
    const openId = `sandbox-${Math.random().toString(36).slice(2, 10)}`;
    const html = page(
      '微信扫码（沙箱）',
      `<h2>微信扫码登录（沙箱模拟）</h2><p class="tip">这是离线沙箱：本页代替手机微信完成扫码。相同的 OpenID 代表同一个微信用户。</p>
<form method="post" action="/api/wx/sandbox/scan"><input type="hidden" name="ticket" value="${esc(request.query.ticket)}">
<label>微信用户 OpenID<input name="openId" value="${openId}" maxlength="64" required></label>
<button type="submit">确认登录</button></form>`,
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  route(app, e.wxSandboxScan, async (request, reply) => {
      const done = await recordScan(app.db, app.bus, request.body.ticket, request.body.openId);
      const html = done
        ? page('已扫码', '<h2>已扫码</h2><p>请回到电脑端继续。</p>')
        : page('二维码已失效', '<h2>二维码已失效</h2><p>请在电脑端刷新二维码后重新扫码。</p>');
      return reply.type('text/html; charset=utf-8').send(html);
  });
}
