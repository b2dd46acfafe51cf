import { createCipheriv, createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import JSZip from 'jszip';
import { chinaDay, formatChina, toYuan } from '@aquamall/shared';
import { Alipay, ALIPAY_BILL_HEADER, alipaySignContent } from './alipay.ts';
import { WECHAT_BILL_HEADER, WechatPay, rsaSign, rsaVerify, wechatMessage, yuanToFen } from './wechatpay.ts';
import type { PartnerRequest, PartnerResponse } from './types.ts';

/**
 * The offline payment sandbox of demo mode (decision 0207): one in-process stand-in for WeChat Pay and Alipay with its
 * own key pairs, made on first use (not at start). It checks each request's signature as the partner does (merchant / application public
 * key), signs its answers and notifications with its platform / Alipay private key, encrypts WeChat resources with
 * the APIv3 key, keeps its own trades and refunds, and writes each day's bill from them. Its notifications go to the
 * notify_url the request named, through `deliver` (the app's own HTTP routes). Tests plant statement discrepancies.
 * Its trades are kept through a `SandboxStore` (the demo database, decision 0237): a restarted demo server still finds
 * the trades of the process before it for the active query, refunds and the day's statement.
 */

export const SANDBOX_WECHAT_BASE = 'https://wechatpay.sandbox.aquamall.local';
/** The sandbox cashier and gateway are served by this app (the cashier page is opened in the browser). */
export const SANDBOX_ALIPAY_PATH = '/api/pay/sandbox/alipay/gateway.do';
export const SANDBOX_PAGE_PATH = '/api/pay/sandbox/page';
/** The sandbox's stand-in for Alipay's appToAppAuth page (a supplier authorises the platform's application). */
export const SANDBOX_ALIPAY_AUTHORIZE_PATH = '/api/pay/sandbox/alipay/authorize';

/**
 * The sandbox service provider's bound sub-merchants (decision 0216): WeChat sub_mchids of ten digits starting 16, and
 * the Alipay merchants that authorised the platform's application (stateless: token `sandbox_auth_<PID>`, code
 * `sandbox_code_<PID>`). Demo suppliers get `sandboxWechatSubMchId(companyId)` / `sandboxAlipayPid(companyId)`.
 */
export const SANDBOX_WECHAT_SUB_MCH = /^16\d{8}$/;
export const sandboxWechatSubMchId = (companyId: number) => `16${String(companyId % 1e8).padStart(8, '0')}`;
export const sandboxAlipayPid = (companyId: number) => `2088${String(companyId % 1e12).padStart(12, '0')}`;
export const sandboxAlipayToken = (pid: string) => `sandbox_auth_${pid}`;
const pidOfToken = (token: string | undefined) => /^sandbox_auth_(2088\d{12})$/.exec(token ?? '')?.[1] ?? null;

interface SandboxRefund {
  refundNo: string;
  refundId: string;
  amountFen: number;
  at: Date;
  notifyUrl: string;
}
export interface SandboxTrade {
  channel: 1 | 2;
  /** The payee: WeChat sub_mchid, Alipay seller PID (the platform's own PID when no app_auth_token came). */
  subMchId: string;
  payNo: string;
  amountFen: number;
  description: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR';
  tradeNo: string;
  paidAt: Date | null;
  payer: string;
  refunds: SandboxRefund[];
  createdAt: Date;
}

/** Where the sandbox keeps its trades beyond the process (the demo database); without one, in memory only. */
export interface SandboxStore {
  load(): Promise<SandboxTrade[]>;
  save(trade: SandboxTrade): Promise<void>;
}

/** A trade read back from its JSON form (dates were written as ISO text). */
export function reviveSandboxTrade(raw: unknown): SandboxTrade {
  const t = raw as SandboxTrade & { createdAt: string; paidAt: string | null; refunds: Array<SandboxRefund & { at: string }> };
  return {
    ...t,
    createdAt: new Date(t.createdAt),
    paidAt: t.paidAt === null ? null : new Date(t.paidAt),
    refunds: t.refunds.map((r) => ({ ...r, at: new Date(r.at) })),
  };
}

export type Deliver = (notifyUrl: string, headers: Record<string, string>, body: string) => Promise<{ status: number; body: string }>;
export type NotifyMode = 'once' | 'twice' | 'none' | 'tampered';

type KeyPair = { publicKey: KeyObject; privateKey: KeyObject };
/**
 * An RSA-2048 key pair made on first use, then kept: making one costs ~0.2 s of CPU, and the start of demo mode
 * (which builds the sandbox while the server is put together) would otherwise wait for four of them before the
 * first page (issue 28, decision 0234). The keys live as long as the sandbox, exactly as before; only when they are made moved.
 */
const lazyKeyPair = (): (() => KeyPair) => {
  let made: KeyPair | undefined;
  return () => (made ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
};
const json = (status: number, body: unknown) => ({ status, headers: { 'content-type': 'application/json' }, body: body === undefined ? '' : JSON.stringify(body) });
const serial = () => randomBytes(20).toString('hex').toUpperCase();

export class PaySandbox {
  private readonly merchantPair = lazyKeyPair();
  private readonly platformPair = lazyKeyPair();
  private readonly appPair = lazyKeyPair();
  private readonly alipayPair = lazyKeyPair();
  readonly wechat = {
    mchId: '1900000109',
    appId: 'wxd678efh567hg6787',
    apiV3Key: randomBytes(16).toString('hex'),
    merchantKeys: this.merchantPair,
    merchantSerial: serial(),
    platformKeys: this.platformPair,
    platformSerial: `PUB_KEY_ID_${serial()}`,
  };
  readonly alipay = {
    appId: '9021000100000001',
    /** The platform application's own PID: a trade opened without a supplier's token would be the platform's. */
    sellerId: '2088000000000001',
    appKeys: this.appPair,
    alipayKeys: this.alipayPair,
  };
  readonly trades = new Map<string, SandboxTrade>();
  /** Extra statement lines and changes planted by tests, by China day. */
  readonly planted = new Map<
    string,
    { extra: Array<{ channel: 1 | 2; kind: 'pay' | 'refund'; payNo: string; refundNo?: string; amountFen: number }>; extraSeen: Set<object>; drop: Set<string>; amount: Map<string, number> }
  >();
  deliver: Deliver = async () => ({ status: 503, body: 'no route' });
  private seq = 0;
  private store: SandboxStore | null = null;
  private loaded: Promise<void> | null = null;
  /** Trades changed since they were last kept. */
  private readonly dirty = new Set<SandboxTrade>();
  /** Saves run one after another, so a trade's later state is never overwritten by an earlier one. */
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly publicUrl: string) {}

  /** Keeps the trades in `store` from now on; the trades it already holds are read back before the next use. */
  useStore(store: SandboxStore) {
    this.store = store;
    this.loaded = null;
  }

  /** Reads back the stored trades once (a trade this process already holds wins). */
  private ready(): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    return (this.loaded ??= store.load().then(
      (kept) => {
        for (const t of kept) if (!this.trades.has(t.payNo)) this.trades.set(t.payNo, t);
      },
      (err: unknown) => {
        this.loaded = null;
        throw err;
      },
    ));
  }

  /** Writes the changed trades to the store, in order. */
  private flush(): Promise<void> {
    const store = this.store;
    if (!store || !this.dirty.size) return this.saving;
    const changed = [...this.dirty].map((t) => structuredClone(t));
    this.dirty.clear();
    this.saving = this.saving.catch(() => undefined).then(async () => {
      for (const t of changed) await store.save(t);
    });
    return this.saving;
  }

  /** The trade of a payment order number, the stored ones included. */
  async trade(payNo: string): Promise<SandboxTrade | undefined> {
    await this.ready();
    return this.trades.get(payNo);
  }

  get alipayGateway() {
    return this.publicUrl + SANDBOX_ALIPAY_PATH;
  }
  /** The scan-and-pay / cashier page of a trade. */
  pageUrl(payNo: string) {
    return `${this.publicUrl}${SANDBOX_PAGE_PATH}?no=${encodeURIComponent(payNo)}`;
  }

  wechatAdapter(notifyUrl: string): WechatPay {
    const w = this.wechat;
    return new WechatPay(
      {
        mchId: w.mchId,
        appId: w.appId,
        apiV3Key: w.apiV3Key,
        serialNo: w.merchantSerial,
        privateKey: () => w.merchantKeys().privateKey,
        platformKey: () => w.platformKeys().publicKey,
        platformSerial: w.platformSerial,
        baseUrl: SANDBOX_WECHAT_BASE,
        notifyUrl,
      },
      (req) => this.handle(req),
      true,
    );
  }

  alipayAdapter(notifyUrl: string, returnUrl: string): Alipay {
    const a = this.alipay;
    return new Alipay(
      {
        appId: a.appId,
        privateKey: () => a.appKeys().privateKey,
        alipayPublicKey: () => a.alipayKeys().publicKey,
        gateway: this.alipayGateway,
        notifyUrl,
        returnUrl,
        authorizeUrl: this.publicUrl + SANDBOX_ALIPAY_AUTHORIZE_PATH,
      },
      (req) => this.handle(req),
      true,
    );
  }

  private plantsOf(day: string) {
    let p = this.planted.get(day);
    if (!p) this.planted.set(day, (p = { extra: [], extraSeen: new Set(), drop: new Set(), amount: new Map() }));
    return p;
  }
  /** Tests: a statement line we have no record of (长款). */
  plantExtra(day: string, line: { channel: 1 | 2; kind: 'pay' | 'refund'; payNo: string; refundNo?: string; amountFen: number }) {
    this.plantsOf(day).extra.push(line);
  }
  /** Tests: the statement leaves out a trade or refund (短款). */
  plantDrop(day: string, no: string) {
    this.plantsOf(day).drop.add(no);
  }
  /** Tests: the statement names another amount (金额不符). */
  plantAmount(day: string, no: string, amountFen: number) {
    this.plantsOf(day).amount.set(no, amountFen);
  }

  async handle(req: PartnerRequest): Promise<PartnerResponse> {
    await this.ready();
    const res = await this.route(req);
    await this.flush();
    return res;
  }

  private async route(req: PartnerRequest): Promise<PartnerResponse> {
    const url = new URL(req.url);
    if (req.url.startsWith(SANDBOX_WECHAT_BASE)) return this.wechatSign(await this.wechatHandle(req, url));
    if (url.pathname === SANDBOX_ALIPAY_PATH) return this.alipayHandle(req);
    if (url.pathname === '/api/pay/sandbox/alipay/bill.zip') return this.alipayBill(url.searchParams.get('day') ?? '', url.searchParams.get('seller') ?? '');
    return json(404, { code: 'NOT_FOUND' });
  }

  // ——— WeChat Pay v3 ———

  private wechatSign(res: PartnerResponse): PartnerResponse {
    if (res.bytes || !res.body) return res;
    const ts = String(Math.floor(Date.now() / 1000));
    const n = randomBytes(16).toString('hex');
    return {
      ...res,
      headers: {
        ...res.headers,
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': n,
        'wechatpay-serial': this.wechat.platformSerial,
        'wechatpay-signature': rsaSign(this.wechat.platformKeys().privateKey, wechatMessage([ts, n, res.body])),
      },
    };
  }

  /** Checks the merchant's Authorization header as WeChat Pay does. */
  private wechatAuthorized(req: PartnerRequest, pathWithQuery: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== this.wechat.mchId || f.serial_no !== this.wechat.merchantSerial) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return rsaVerify(this.wechat.merchantKeys().publicKey, wechatMessage([req.method, pathWithQuery, f.timestamp!, f.nonce_str!, req.body]), f.signature!);
  }

  private async wechatHandle(req: PartnerRequest, url: URL): Promise<PartnerResponse> {
    const path = url.pathname + url.search;
    if (!this.wechatAuthorized(req, path)) return json(401, { code: 'SIGN_ERROR', message: '签名错误' });
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    if (req.method === 'POST' && url.pathname === '/v3/pay/partner/transactions/native') {
      if (body.sp_appid !== this.wechat.appId || body.sp_mchid !== this.wechat.mchId) return json(400, { code: 'PARAM_ERROR', message: 'sp_appid和sp_mchid不匹配' });
      const sub = String(body.sub_mchid ?? '');
      if (!SANDBOX_WECHAT_SUB_MCH.test(sub)) return json(400, { code: 'PARAM_ERROR', message: '特约商户号与服务商不存在绑定关系' });
      const no = String(body.out_trade_no);
      const amount = (body.amount as { total: number }).total;
      const existing = this.trades.get(no);
      if (existing && (existing.amountFen !== amount || existing.subMchId !== sub)) return json(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
      if (!existing) this.open(1, no, amount, String(body.description), String(body.notify_url), sub);
      // A phone would open weixin://wxpay/bizpayurl?pr=…; the sandbox's code opens its scan-and-pay page.
      return json(200, { code_url: this.pageUrl(no) });
    }
    const m = /^\/v3\/pay\/partner\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (m) {
      const t = this.trades.get(decodeURIComponent(m[1]!));
      const sp = m[2] ? body.sp_mchid : url.searchParams.get('sp_mchid');
      const sub = m[2] ? body.sub_mchid : url.searchParams.get('sub_mchid');
      if (sp !== this.wechat.mchId) return json(400, { code: 'PARAM_ERROR', message: 'sp_mchid不匹配' });
      // Another sub-merchant's trade does not exist for this one.
      if (!t || t.subMchId !== sub) return json(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (m[2]) {
        if (t.state === 'NOTPAY') this.change(t, { state: 'CLOSED' });
        return { status: 204, headers: {}, body: '' };
      }
      return json(200, this.wechatTransaction(t));
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const t = this.trades.get(String(body.out_trade_no));
      if (!t || t.state !== 'SUCCESS' || t.subMchId !== body.sub_mchid) return json(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      const r = this.refund(t, String(body.out_refund_no), (body.amount as { refund: number }).refund, String(body.notify_url ?? t.notifyUrl));
      if (!r) return json(403, { code: 'NOT_ENOUGH', message: '申请退款金额超过订单可退金额' });
      // The refund succeeds at once; its notification follows.
      setImmediate(() => void this.notifyRefund(t, r).catch(() => undefined));
      return json(200, { refund_id: r.refundId, out_refund_no: r.refundNo, out_trade_no: t.payNo, status: 'SUCCESS', amount: { refund: r.amountFen, total: t.amountFen } });
    }
    if (url.pathname === '/v3/bill/tradebill') {
      const day = url.searchParams.get('bill_date') ?? '';
      const csv = this.wechatBill(day);
      return json(200, { hash_type: 'SHA1', hash_value: createHash('sha1').update(csv).digest('hex'), download_url: `${SANDBOX_WECHAT_BASE}/v3/billdownload/file?day=${day}` });
    }
    if (url.pathname === '/v3/billdownload/file') {
      const csv = this.wechatBill(url.searchParams.get('day') ?? '');
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: csv, bytes: new Uint8Array(Buffer.from(csv)) };
    }
    return json(404, { code: 'NOT_FOUND', message: '' });
  }

  wechatTransaction(t: SandboxTrade) {
    return {
      sp_appid: this.wechat.appId,
      sp_mchid: this.wechat.mchId,
      sub_mchid: t.subMchId,
      out_trade_no: t.payNo,
      transaction_id: t.state === 'SUCCESS' ? t.tradeNo : undefined,
      trade_type: 'NATIVE',
      trade_state: t.state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', PAYERROR: '支付失败' }[t.state],
      success_time: t.paidAt?.toISOString(),
      payer: t.state === 'SUCCESS' ? { sp_openid: t.payer } : undefined,
      amount: { total: t.amountFen, payer_total: t.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** A notification as WeChat Pay sends it: the resource AES-256-GCM encrypted, the body signed by the platform. */
  wechatNotification(eventType: string, originalType: string, resource: object, tamper = false): { headers: Record<string, string>; body: string } {
    const n = randomBytes(6).toString('hex');
    const aad = originalType;
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.wechat.apiV3Key), Buffer.from(n));
    cipher.setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: { original_type: originalType, algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce: n },
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSign(this.wechat.platformKeys().privateKey, wechatMessage([ts, nonce, body]));
    return {
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': this.wechat.platformSerial,
        'wechatpay-signature': signature,
      },
      body: tamper ? body.replace('"summary":"', '"summary":"!') : body,
    };
  }

  // ——— Alipay ———

  private alipayAnswer(method: string, node: object): PartnerResponse {
    const text = JSON.stringify(node);
    const sign = rsaSign(this.alipay.alipayKeys().privateKey, text);
    return { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' }, body: `{"${method.replace(/\./g, '_')}_response":${text},"sign":"${sign}"}` };
  }

  private async alipayHandle(req: PartnerRequest): Promise<PartnerResponse> {
    const p = Object.fromEntries(new URLSearchParams(req.body));
    const method = p.method ?? '';
    // The merchant a call is made for: the authorising supplier (app_auth_token), else the application's own.
    const seller = p.app_auth_token ? pidOfToken(p.app_auth_token) : this.alipay.sellerId;
    if (!seller) return this.alipayAnswer(method, { code: '20001', msg: 'Insufficient Token Permissions', sub_code: 'aop.invalid-app-auth-token', sub_msg: '无效的应用授权令牌' });
    if (p.app_id !== this.alipay.appId) return this.alipayAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' });
    if (!rsaVerify(this.alipay.appKeys().publicKey, alipaySignContent(p, false), p.sign ?? ''))
      return this.alipayAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    const biz = JSON.parse(p.biz_content ?? '{}') as Record<string, string>;
    const found = biz.out_trade_no ? this.trades.get(biz.out_trade_no) : undefined;
    // A trade is visible only to the merchant it belongs to.
    const t = found?.subMchId === seller ? found : undefined;
    if (method === 'alipay.open.auth.token.app') {
      const pid = /^sandbox_code_(2088\d{12})$/.exec(biz.code ?? '')?.[1];
      if (biz.grant_type !== 'authorization_code' || !pid) return this.alipayAnswer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.code-invalid', sub_msg: '授权码不存在' });
      return this.alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        tokens: [{ app_auth_token: sandboxAlipayToken(pid), app_refresh_token: `sandbox_refresh_${pid}`, auth_app_id: `2021${pid.slice(-12)}`, user_id: pid, expires_in: 31536000, re_expires_in: 32140800 }],
      });
    }
    const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    if (method === 'alipay.trade.query') {
      if (!t || t.state === 'NOTPAY') return this.alipayAnswer(method, notExist);
      return this.alipayAnswer(method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.tradeNo,
        out_trade_no: t.payNo,
        buyer_user_id: t.payer,
        trade_status: t.state === 'SUCCESS' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
        total_amount: toYuan(t.amountFen),
        send_pay_date: t.paidAt ? formatChina(t.paidAt, 'YYYY-MM-DD HH:mm:ss') : undefined,
      });
    }
    if (method === 'alipay.trade.close') {
      if (!t || t.state === 'NOTPAY') {
        if (t) this.change(t, { state: 'CLOSED' });
        return this.alipayAnswer(method, notExist);
      }
      return this.alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: t.payNo });
    }
    if (method === 'alipay.trade.refund') {
      if (!t || t.state !== 'SUCCESS') return this.alipayAnswer(method, notExist);
      const r = this.refund(t, biz.out_request_no!, yuanToFen(biz.refund_amount!), '');
      if (!r) return this.alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' });
      const refunded = t.refunds.reduce((s, x) => s + x.amountFen, 0);
      return this.alipayAnswer(method, { code: '10000', msg: 'Success', trade_no: t.tradeNo, out_trade_no: t.payNo, fund_change: 'Y', refund_fee: toYuan(refunded) });
    }
    if (method === 'alipay.data.dataservice.bill.downloadurl.query')
      return this.alipayAnswer(method, { code: '10000', msg: 'Success', bill_download_url: `${this.publicUrl}/api/pay/sandbox/alipay/bill.zip?day=${biz.bill_date}&seller=${seller}` });
    // alipay.trade.page.pay is opened by the buyer's browser (the cashier page), never called by the server.
    return this.alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  }

  /** The cashier page opened a page.pay URL: checks its signature and opens the trade. Answers the trade or why not. */
  async openAlipayPage(query: Record<string, string>): Promise<SandboxTrade | string> {
    await this.ready();
    const opened = this.openAlipay(query);
    await this.flush();
    return opened;
  }

  private openAlipay(query: Record<string, string>): SandboxTrade | string {
    if (query.app_id !== this.alipay.appId) return '无效的AppID参数';
    if (!rsaVerify(this.alipay.appKeys().publicKey, alipaySignContent(query, false), query.sign ?? '')) return '验签出错';
    const seller = query.app_auth_token ? pidOfToken(query.app_auth_token) : this.alipay.sellerId;
    if (!seller) return '无效的应用授权令牌';
    const biz = JSON.parse(query.biz_content ?? '{}') as Record<string, string>;
    const no = biz.out_trade_no ?? '';
    const amount = yuanToFen(biz.total_amount ?? '');
    const existing = this.trades.get(no);
    if (existing) return existing.amountFen === amount && existing.subMchId === seller ? existing : '交易信息被篡改';
    return this.open(2, no, amount, biz.subject ?? '', query.notify_url ?? '', seller);
  }

  alipayNotification(t: SandboxTrade, tamper = false): { headers: Record<string, string>; body: string } {
    const p: Record<string, string> = {
      notify_time: formatChina(new Date(), 'YYYY-MM-DD HH:mm:ss'),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.alipay.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.payNo,
      buyer_id: t.payer,
      auth_app_id: t.subMchId === this.alipay.sellerId ? this.alipay.appId : `2021${t.subMchId.slice(-12)}`,
      seller_id: t.subMchId,
      trade_status: t.state === 'SUCCESS' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
      total_amount: toYuan(t.amountFen),
      receipt_amount: toYuan(t.amountFen),
      subject: t.description,
      gmt_create: formatChina(t.createdAt, 'YYYY-MM-DD HH:mm:ss'),
      ...(t.paidAt ? { gmt_payment: formatChina(t.paidAt, 'YYYY-MM-DD HH:mm:ss') } : {}),
    };
    p.sign = rsaSign(this.alipay.alipayKeys().privateKey, alipaySignContent(p, true));
    if (tamper) p.total_amount = toYuan(t.amountFen + 100);
    return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: new URLSearchParams(p).toString() };
  }

  private async alipayBill(day: string, seller: string): Promise<PartnerResponse> {
    const zip = new JSZip();
    const lines = this.statementRows(2, day, seller).map((r) =>
      [r.tradeNo, r.payNo, r.kind === 'refund' ? '退款' : '交易', '', '', '', '', '', '', '', '', r.kind === 'refund' ? `-${toYuan(r.amountFen)}` : toYuan(r.amountFen), '', '', '', '', '', '', '', '', '', r.refundNo ?? '', '0.00', '0.00', ''].join(','),
    );
    zip.file(`2088000000000001_${day.replace(/-/g, '')}_业务明细.csv`, ['#支付宝业务明细查询', `#账号：[${this.alipay.sellerId}]`, ALIPAY_BILL_HEADER, ...lines, '#-----------------------------------------业务明细列表结束------------------------------------'].join('\n'));
    zip.file(`2088000000000001_${day.replace(/-/g, '')}_业务明细(汇总).csv`, '#汇总\n');
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    return { status: 200, headers: { 'content-type': 'application/zip' }, body: '', bytes };
  }

  // ——— both ———

  private open(channel: 1 | 2, payNo: string, amountFen: number, description: string, notifyUrl: string, subMchId: string): SandboxTrade {
    const t: SandboxTrade = { channel, subMchId, payNo, amountFen, description, notifyUrl, state: 'NOTPAY', tradeNo: '', paidAt: null, payer: '', refunds: [], createdAt: new Date() };
    this.trades.set(payNo, t);
    this.dirty.add(t);
    return t;
  }

  private change(t: SandboxTrade, to: Partial<SandboxTrade>) {
    Object.assign(t, to);
    this.dirty.add(t);
  }

  private refund(t: SandboxTrade, refundNo: string, amountFen: number, notifyUrl: string): SandboxRefund | null {
    const same = t.refunds.find((r) => r.refundNo === refundNo);
    if (same) return same; // the same out_refund_no is one refund
    const refunded = t.refunds.reduce((s, r) => s + r.amountFen, 0);
    if (!(amountFen > 0) || refunded + amountFen > t.amountFen) return null;
    const r = { refundNo, refundId: `50${Date.now()}${++this.seq}`, amountFen, at: new Date(), notifyUrl };
    t.refunds.push(r);
    this.dirty.add(t);
    return r;
  }

  /** The sandbox payer pays (or fails) a trade; the notification follows as asked. */
  async pay(payNo: string, outcome: 'pay' | 'fail', mode: NotifyMode): Promise<SandboxTrade | null> {
    await this.ready();
    const t = this.trades.get(payNo);
    if (!t || t.state !== 'NOTPAY') return t ?? null;
    if (outcome === 'fail') {
      this.change(t, { state: t.channel === 1 ? 'PAYERROR' : 'CLOSED' });
    } else {
      this.change(t, {
        state: 'SUCCESS',
        paidAt: new Date(),
        tradeNo: t.channel === 1 ? `42000${Date.now()}${++this.seq}` : `2026${Date.now()}${++this.seq}`,
        payer: t.channel === 1 ? `oSandbox${randomBytes(6).toString('hex')}` : `2088${randomBytes(6).toString('hex').slice(0, 12)}`,
      });
    }
    // Kept before any notification leaves: a restart after this point still finds the trade paid.
    await this.flush();
    // WeChat notifies successes only; Alipay notifies a closed trade too.
    if (mode === 'none' || (t.channel === 1 && outcome === 'fail')) return t;
    const times = mode === 'twice' ? 2 : 1;
    for (let i = 0; i < times; i++) await this.notifyPay(t, mode === 'tampered');
    return t;
  }

  async notifyPay(t: SandboxTrade, tamper = false) {
    const n = t.channel === 1 ? this.wechatNotification('TRANSACTION.SUCCESS', 'transaction', this.wechatTransaction(t), tamper) : this.alipayNotification(t, tamper);
    return this.deliver(t.notifyUrl, n.headers, n.body);
  }

  private async notifyRefund(t: SandboxTrade, r: SandboxRefund) {
    const n = this.wechatNotification('REFUND.SUCCESS', 'refund', {
      sp_mchid: this.wechat.mchId,
      sub_mchid: t.subMchId,
      out_trade_no: t.payNo,
      transaction_id: t.tradeNo,
      out_refund_no: r.refundNo,
      refund_id: r.refundId,
      refund_status: 'SUCCESS',
      success_time: r.at.toISOString(),
      amount: { total: t.amountFen, refund: r.amountFen, payer_total: t.amountFen, payer_refund: r.amountFen },
    });
    return this.deliver(r.notifyUrl, n.headers, n.body);
  }

  /** The day's rows of one channel from the sandbox's own records, with the planted changes. */
  statementRows(channel: 1 | 2, day: string, seller?: string) {
    const rows: Array<{ kind: 'pay' | 'refund'; payNo: string; refundNo: string | null; tradeNo: string; amountFen: number; at: Date; subMchId: string }> = [];
    for (const t of this.trades.values()) {
      if (t.channel !== channel || (seller !== undefined && t.subMchId !== seller)) continue;
      if (t.paidAt && t.state === 'SUCCESS' && chinaDay(t.paidAt) === day) rows.push({ kind: 'pay', payNo: t.payNo, refundNo: null, tradeNo: t.tradeNo, amountFen: t.amountFen, at: t.paidAt, subMchId: t.subMchId });
      for (const r of t.refunds) if (chinaDay(r.at) === day) rows.push({ kind: 'refund', payNo: t.payNo, refundNo: r.refundNo, tradeNo: t.tradeNo, amountFen: r.amountFen, at: r.at, subMchId: t.subMchId });
    }
    const p = this.planted.get(day);
    const out = rows
      .filter((r) => !p?.drop.has(r.refundNo ?? r.payNo))
      .map((r) => ({ ...r, amountFen: p?.amount.get(r.refundNo ?? r.payNo) ?? r.amountFen }));
    // Planted lines appear on the bill of the first merchant asked that day (each once).
    for (const x of p?.extra ?? [])
      if (x.channel === channel && !(seller !== undefined && p!.extraSeen.has(x))) {
        if (seller !== undefined) p!.extraSeen.add(x);
        out.push({ kind: x.kind, payNo: x.payNo, refundNo: x.refundNo ?? null, tradeNo: `X${x.payNo}`, amountFen: x.amountFen, at: new Date(), subMchId: seller ?? '' });
      }
    return out;
  }

  private wechatBill(day: string): string {
    const rows = this.statementRows(1, day).map((r) => {
      const refund = r.kind === 'refund';
      const v = [formatChina(r.at, 'YYYY-MM-DD HH:mm:ss'), this.wechat.appId, this.wechat.mchId, r.subMchId, '', r.tradeNo, r.payNo, 'oSandbox', 'NATIVE', refund ? 'REFUND' : 'SUCCESS', 'OTHERS', 'CNY', refund ? '0.00' : toYuan(r.amountFen), '0.00', refund ? `50${r.tradeNo}` : '0', refund ? r.refundNo! : '0', refund ? toYuan(r.amountFen) : '0.00', '0.00', refund ? 'ORIGINAL' : '', refund ? 'SUCCESS' : '', '订单支付', '', '0.00000', '0.60%', toYuan(r.amountFen), refund ? toYuan(r.amountFen) : '0.00', ''];
      return v.map((x) => `\`${x}`).join(',');
    });
    return [WECHAT_BILL_HEADER, ...rows, '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额', `\`${rows.length},\`0.00,\`0.00,\`0.00,\`0.00,\`0.00,\`0.00`].join('\r\n') + '\r\n';
  }

  /** Keys for the tests' hostile notifications. */
  get keys(): { platformPrivate: KeyObject; alipayPrivate: KeyObject } {
    return { platformPrivate: this.wechat.platformKeys().privateKey, alipayPrivate: this.alipay.alipayKeys().privateKey };
  }
}
