import type { FastifyInstance } from 'fastify';
import { paymentEndpoints as e, subMerchantEndpoints as sm } from '@aquamall/shared/endpoints';
import { formatFen } from '@aquamall/shared';
import { route } from '../../lib/route.ts';
import { reviveSandboxTrade, sandboxAlipayPid, type PaySandbox, type SandboxStore, type SandboxTrade } from '../../lib/partners/pay/sandbox.ts';
import type { Db } from '../../db/client.ts';
import { paySandboxTrades } from '../../db/schema/index.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, color: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:440px;margin:32px auto;padding:0 16px;color:#222}h2{color:${color}}.amount{font-size:32px;font-weight:600;margin:8px 0 16px}
fieldset{border:1px solid #ddd;border-radius:6px;margin:12px 0;padding:8px 12px}label{display:block;margin:6px 0}button{background:${color};color:#fff;border:0;border-radius:6px;padding:10px 24px;font-size:16px;width:100%}
.tip{color:#888;font-size:13px}.row{color:#555;margin:4px 0}</style></head><body>${body}</body></html>`;

const TITLE = { 1: ['微信支付 · 扫码付款（沙箱）', '#07c160'], 2: ['支付宝 · 收银台（沙箱）', '#1677ff'] } as const;

function tradePage(t: SandboxTrade): string {
  const [title, color] = TITLE[t.channel];
  if (t.state !== 'NOTPAY') {
    const said = { SUCCESS: '已支付成功', CLOSED: '交易已关闭', PAYERROR: '支付失败', NOTPAY: '' }[t.state];
    return page(title, color, `<h2>${title}</h2><p class="amount">${formatFen(t.amountFen)}</p><p id="result">${said}</p><p class="tip">请回到商城页面查看订单状态。</p>`);
  }
  return page(
    title,
    color,
    `<h2>${title}</h2><p class="tip">离线沙箱：本页代替${t.channel === 1 ? '手机微信扫码' : '支付宝收银台'}完成付款。通知以支付渠道的真实协议（签名${t.channel === 1 ? '、AES-256-GCM 加密' : ''}）发送到平台的通知地址。</p>
<p class="row">商户订单号 ${esc(t.payNo)}</p><p class="row">${esc(t.description)}</p><p class="amount">${formatFen(t.amountFen)}</p>
<form method="post" action="/api/pay/sandbox/page"><input type="hidden" name="no" value="${esc(t.payNo)}">
<fieldset><legend>付款结果</legend><label><input type="radio" name="outcome" value="pay" checked> 付款成功</label><label><input type="radio" name="outcome" value="fail"> 付款失败</label></fieldset>
<fieldset><legend>异步通知</legend><label><input type="radio" name="notify" value="once" checked> 正常通知一次</label><label><input type="radio" name="notify" value="twice"> 重复通知两次</label>
<label><input type="radio" name="notify" value="none"> 不发通知（平台主动查询）</label><label><input type="radio" name="notify" value="tampered"> 篡改通知（验签失败）</label></fieldset>
<button type="submit">确认付款</button></form>`,
  );
}

/** The sandbox's trades in the demo database (decision 0237): one row per trade, its refunds inside. */
export function sandboxTradeStore(db: Db): SandboxStore {
  return {
    async load() {
      return (await db.select().from(paySandboxTrades)).map((r) => reviveSandboxTrade(r.trade));
    },
    async save(trade) {
      await db
        .insert(paySandboxTrades)
        .values({ payNo: trade.payNo, trade })
        .onConflictDoUpdate({ target: paySandboxTrades.payNo, set: { trade, updatedAt: new Date() } });
    },
  };
}

/**
 * The payment sandbox's pages (demo mode only, decision 0207): the scan-and-pay page the WeChat sandbox QR opens, the
 * Alipay sandbox cashier (its page.pay URL, signature checked), and the payer's decision with the notification mode.
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: PaySandbox): void {
  sandbox.useStore(sandboxTradeStore(app.db));
  // Notifications go to the app's own notification routes, as the partner's would over HTTP.
  sandbox.deliver = async (notifyUrl, headers, body) => {
    const res = await app.inject({ method: 'POST', url: new URL(notifyUrl).pathname, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };

  route(app, e.paySandboxPage, async (request, reply) => {
    const t = await sandbox.trade(request.query.no);
    const out = t ? tradePage(t) : page('交易不存在', '#999', '<h2>交易不存在</h2><p>请回到商城重新发起支付。</p>');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(out);
  });
  route(app, e.paySandboxAct, async (request, reply) => {
    const t = await sandbox.pay(request.body.no, request.body.outcome, request.body.notify);
    const out = t ? tradePage(t) : page('交易不存在', '#999', '<h2>交易不存在</h2>');
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(out);
  });
  // Alipay's appToAppAuth page: the merchant confirms, Alipay returns to the registered address with app_auth_code.
  route(app, sm.alipaySandboxAuthorize, async (request, reply) => {
    const { app_id: appId, redirect_uri: redirectUri } = request.query;
    let target: URL | null = null;
    try {
      target = new URL(redirectUri);
    } catch {
      target = null;
    }
    if (appId !== sandbox.alipay.appId || !target || target.origin !== new URL(app.config.publicUrl).origin)
      return reply.type('text/html; charset=utf-8').send(page('支付宝 · 应用授权（沙箱）', '#1677ff', '<h2>请求无效</h2><p>应用或回调地址不正确</p>'));
    // A sandbox merchant of its own (stateless: the PID travels in the code).
    const pid = sandboxAlipayPid(100_000 + Math.floor(Math.random() * 900_000));
    target.searchParams.set('app_id', appId);
    target.searchParams.set('app_auth_code', `sandbox_code_${pid}`);
    const body = `<h2>支付宝 · 应用授权（沙箱）</h2><p class="tip">离线沙箱：本页代替支付宝的商家授权页。授权后，平台的第三方应用可代您发起收款，款项直接进入您的支付宝账户。</p>
<p class="row">授权商户 PID ${esc(pid)}</p><p class="row">授权应用 ${esc(appId)}</p><p><a href="${esc(target.toString())}"><button type="button">确认授权</button></a></p>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page('支付宝 · 应用授权（沙箱）', '#1677ff', body));
  });
  route(app, e.alipaySandboxCashier, async (request, reply) => {
    const opened = await sandbox.openAlipayPage(request.query);
    const out = typeof opened === 'string' ? page('支付宝收银台', '#1677ff', `<h2>请求无效</h2><p>${esc(opened)}</p>`) : tradePage(opened);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(out);
  });
}
