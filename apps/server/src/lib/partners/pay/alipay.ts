import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import JSZip from 'jszip';
import { formatChina, parseChinaDateTime, toYuan } from '@aquamall/shared';
import { PartnerError, type NotifyReading, type Payee, type PaymentPartner, type PayTradeInput, type RefundAnswer, type RefundInput, type StatementLine, type TradeState, type Transport, keyReader, type KeySource } from './types.ts';
import { rsaSign, rsaVerify, yuanToFen } from './wechatpay.ts';

/**
 * Alipay 电脑网站支付 (alipay.trade.page.pay, https://opendocs.alipay.com/open/270/105899) made by the platform's
 * third-party application on behalf of each supplier (第三方应用授权, decision 0216): the supplier authorises the
 * platform's app (appToAppAuth → app_auth_code → `alipay.open.auth.token.app` → app_auth_token and its PID), and every
 * call for its trades carries that app_auth_token as a common parameter, so the trade is the supplier's own and the
 * money goes to the supplier's Alipay account; the notification names the supplier's PID as seller_id. Requests are the gateway's
 * common parameters plus biz_content, signed RSA2 (SHA256withRSA) with the application's private key over the sorted
 * `key=value` pairs joined by `&`; answers are `{<method>_response: {...}, sign}` signed by Alipay over the response
 * node's exact text; asynchronous notifications (form-encoded) are signed by Alipay over the sorted pairs without
 * sign and sign_type, and must name our app_id, seller_id and the trade's total_amount.
 */
export interface AlipayConfig {
  /** The platform's third-party application. */
  appId: string;
  privateKey: KeySource;
  alipayPublicKey: KeySource;
  gateway: string;
  notifyUrl: string;
  returnUrl: string;
  /** Where a supplier authorises the application (appToAppAuth.htm). */
  authorizeUrl: string;
}

/** What `alipay.open.auth.token.app` answers for an authorisation code. */
export interface AlipayAuthorisation {
  userId: string;
  authAppId: string;
  appAuthToken: string;
  refreshToken: string;
}

const pem = (key: string, kind: 'private' | 'public'): KeyObject => {
  if (key.includes('-----BEGIN')) return kind === 'private' ? createPrivateKey(key) : createPublicKey(key);
  const der = Buffer.from(key.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
};

/** The text Alipay signs: the pairs except sign (and sign_type for notifications), sorted by key, empty ones left out. */
export function alipaySignContent(params: Record<string, string | undefined>, omitSignType: boolean): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && !(omitSignType && k === 'sign_type') && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The exact text of the `<name>` node of a signed answer (what Alipay signed). */
export function responseNode(body: string, name: string): string | null {
  const key = `"${name}"`;
  let i = body.indexOf(key);
  if (i < 0) return null;
  i = body.indexOf('{', i + key.length);
  if (i < 0) return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < body.length; j++) {
    const c = body[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return body.slice(i, j + 1);
  }
  return null;
}

export class Alipay implements PaymentPartner {
  readonly channel = 2 as const;
  readonly statementPerPayee = true;
  readonly appId: string;
  readonly merchantId: string;
  private readonly privateKey: () => KeyObject;
  private readonly alipayKey: () => KeyObject;

  constructor(
    private readonly config: AlipayConfig,
    private readonly transport: Transport,
    readonly sandbox = false,
  ) {
    this.appId = config.appId;
    // The notifications name the platform only by its application (app_id); the payee is seller_id.
    this.merchantId = config.appId;
    this.privateKey = keyReader(config.privateKey, (text) => pem(text, 'private'));
    this.alipayKey = keyReader(config.alipayPublicKey, (text) => pem(text, 'public'));
  }

  /** The signed common parameters of a call. */
  signedParams(method: string, biz: object, extra: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChina(new Date(), 'YYYY-MM-DD HH:mm:ss'),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    params.sign = rsaSign(this.privateKey(), alipaySignContent(params, false));
    return params;
  }

  private async call(method: string, biz: object, payee?: Payee): Promise<Record<string, unknown>> {
    const params = this.signedParams(method, biz, payee?.authToken ? { app_auth_token: payee.authToken } : {});
    const res = await this.transport({
      method: 'POST',
      url: `${this.config.gateway}?charset=utf-8`,
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    const name = `${method.replace(/\./g, '_')}_response`;
    const node = responseNode(res.body, name);
    if (res.status !== 200 || !node) throw new PartnerError(`alipay ${method}: ${res.status}`);
    const parsed = JSON.parse(res.body) as { sign?: string };
    const answer = JSON.parse(node) as Record<string, unknown>;
    // An error answer about the call itself (bad app id, bad signature) may come unsigned.
    if (parsed.sign ? !rsaVerify(this.alipayKey(), node, parsed.sign) : answer.code === '10000')
      throw new PartnerError(`alipay ${method}: answer signature refused`);
    return answer;
  }

  async create(t: PayTradeInput) {
    const params = this.signedParams(
      'alipay.trade.page.pay',
      {
        out_trade_no: t.payNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: toYuan(t.amountFen),
        subject: t.description.slice(0, 256),
        time_expire: formatChina(t.expiresAt, 'YYYY-MM-DD HH:mm:ss'),
      },
      { notify_url: this.config.notifyUrl, return_url: this.config.returnUrl, ...(t.payee.authToken ? { app_auth_token: t.payee.authToken } : {}) },
    );
    return { codeUrl: null, payUrl: `${this.config.gateway}?${new URLSearchParams(params).toString()}` };
  }

  async query(payNo: string, payee: Payee): Promise<TradeState> {
    const a = await this.call('alipay.trade.query', { out_trade_no: payNo }, payee);
    const raw = JSON.stringify(a);
    if (a.code !== '10000') return { state: a.sub_code === 'ACQ.TRADE_NOT_EXIST' ? 'missing' : 'open', raw };
    const s = String(a.trade_status);
    return {
      state: s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED' ? 'paid' : s === 'TRADE_CLOSED' ? 'closed' : 'open',
      partnerTradeNo: String(a.trade_no ?? ''),
      amountFen: yuanToFen(String(a.total_amount ?? '')),
      paidAt: typeof a.send_pay_date === 'string' ? parseChinaClock(a.send_pay_date) : undefined,
      payerRef: typeof a.buyer_user_id === 'string' ? a.buyer_user_id : undefined,
      appId: this.config.appId,
      merchantId: this.config.appId,
      // The query answers for the merchant whose token asked; Alipay names it only in the notification.
      subMchId: payee.subMchId,
      raw,
    };
  }

  async close(payNo: string, payee: Payee) {
    const a = await this.call('alipay.trade.close', { out_trade_no: payNo }, payee);
    // A trade the buyer never opened does not exist at Alipay: nothing to close.
    if (a.code !== '10000' && a.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw new PartnerError(`alipay close: ${String(a.sub_msg ?? a.msg)}`);
  }

  async refund(r: RefundInput): Promise<RefundAnswer> {
    const a = await this.call('alipay.trade.refund', {
      out_trade_no: r.payNo,
      refund_amount: toYuan(r.amountFen),
      out_request_no: r.refundNo,
      refund_reason: r.reason.slice(0, 256),
    }, r.payee);
    if (a.code !== '10000') return { status: 'failed', message: String(a.sub_msg ?? a.msg ?? '') };
    return { status: a.fund_change === 'Y' || a.fund_change === undefined ? 'success' : 'processing', partnerRefundNo: String(a.trade_no ?? '') };
  }

  readNotify(_headers: Record<string, string | undefined>, body: string | Record<string, string>): NotifyReading {
    const p = typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : body;
    if (!p.sign || p.sign_type !== 'RSA2') return { verified: false, reason: 'missing_sign' };
    if (!rsaVerify(this.alipayKey(), alipaySignContent(p, true), p.sign)) return { verified: false, reason: 'bad_sign' };
    const status = p.trade_status ?? '';
    return {
      verified: true,
      kind: 'pay',
      payNo: p.out_trade_no ?? '',
      paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED',
      partnerTradeNo: p.trade_no ?? '',
      amountFen: yuanToFen(p.total_amount ?? ''),
      appId: p.app_id ?? '',
      merchantId: p.app_id ?? '',
      subMchId: p.seller_id ?? '',
      paidAt: (p.gmt_payment && parseChinaClock(p.gmt_payment)) || null,
      payerRef: p.buyer_id ?? null,
      notifyId: p.notify_id ?? '',
    };
  }

  /** The link a supplier opens to authorise the platform's application; Alipay returns to `redirectUri` with app_auth_code. */
  authorizeLink(redirectUri: string): string {
    return `${this.config.authorizeUrl}?${new URLSearchParams({ app_id: this.config.appId, redirect_uri: redirectUri })}`;
  }

  /** Exchanges an authorisation code (alipay.open.auth.token.app) for the merchant's token and PID. */
  async exchangeAuthCode(code: string): Promise<AlipayAuthorisation> {
    const a = await this.call('alipay.open.auth.token.app', { grant_type: 'authorization_code', code });
    if (a.code !== '10000') throw new PartnerError(`alipay auth: ${String(a.sub_msg ?? a.msg)}`);
    // Newer answers list the authorisations in `tokens`; older ones carry the fields at the top.
    const t = (Array.isArray(a.tokens) ? (a.tokens[0] as Record<string, unknown>) : a) ?? {};
    const userId = String(t.user_id ?? '');
    const appAuthToken = String(t.app_auth_token ?? '');
    if (!/^2088\d{12}$/.test(userId) || !appAuthToken) throw new PartnerError('alipay auth: no user_id or token');
    return { userId, authAppId: String(t.auth_app_id ?? ''), appAuthToken, refreshToken: String(t.app_refresh_token ?? '') };
  }

  async statement(day: string, payee?: Payee): Promise<StatementLine[]> {
    const a = await this.call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: day }, payee);
    if (a.code !== '10000') {
      if (a.sub_code === 'isp.bill_not_exist') return [];
      throw new PartnerError(`alipay bill: ${String(a.sub_msg ?? a.msg)}`);
    }
    const file = await this.transport({ method: 'GET', url: String(a.bill_download_url), headers: {}, body: '' });
    if (file.status !== 200 || !file.bytes) throw new PartnerError(`alipay bill download: ${file.status}`);
    const zip = await JSZip.loadAsync(file.bytes);
    const detail = Object.values(zip.files).find((f) => !f.dir && !f.name.includes('汇总'));
    if (!detail) return [];
    return parseAlipayBill(decodeBill(await detail.async('uint8array')));
  }
}

/** Alipay's bills are GBK; the sandbox writes UTF-8. */
function decodeBill(bytes: Uint8Array): string {
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  return utf8.includes('\uFFFD') ? new TextDecoder('gbk').decode(bytes) : utf8;
}

/** A China wall-clock 'YYYY-MM-DD HH:mm:ss' as an instant (null when unreadable). */
function parseChinaClock(s: string): Date | undefined {
  try {
    return parseChinaDateTime(s);
  } catch {
    return undefined;
  }
}

export const ALIPAY_BILL_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

/** The 业务明细 file: `#` comment lines, the header, the rows, a `#` footer. */
export function parseAlipayBill(csv: string): StatementLine[] {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() && !l.startsWith('#'));
  const header = (lines[0] ?? '').split(',').map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const [cTx, cNo, cType, cAmount, cRefundNo] = ['支付宝交易号', '商户订单号', '业务类型', '订单金额（元）', '退款批次号/请求号'].map(col);
  return lines.slice(1).map((l) => {
    const v = l.split(',').map((c) => c.trim());
    const refund = v[cType] === '退款';
    return {
      kind: refund ? 'refund' : 'pay',
      payNo: v[cNo]!,
      refundNo: refund ? v[cRefundNo]! : null,
      partnerTradeNo: v[cTx]!,
      amountFen: Math.abs(yuanToFen(v[cAmount]!)),
    };
  });
}
