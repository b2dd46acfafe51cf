import { createDecipheriv, createHash, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import { PartnerError, type NotifyReading, type Payee, type PaymentPartner, type PayTradeInput, type RefundAnswer, type RefundInput, type StatementLine, type TradeState, type Transport, keyReader, type KeySource } from './types.ts';

/**
 * WeChat Pay API v3, Native (扫码) payments in service-provider mode (服务商, decision 0216): the platform is the
 * service provider (sp_mchid, sp_appid) and every trade is the supplier's sub-merchant's (sub_mchid, 特约商户), so the
 * money settles to the supplier, never to the platform. Partner endpoints: `/v3/pay/partner/transactions/native`, query
 * and close under `/v3/pay/partner/transactions/out-trade-no/{no}` with sp_mchid and sub_mchid, refunds carry
 * sub_mchid; notifications name sp_appid, sp_mchid and sub_mchid. Every request
 * carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid,nonce_str,signature,timestamp,serial_no` signed with the
 * merchant's private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`; answers and notifications are signed by
 * the platform (Wechatpay-Timestamp/-Nonce/-Signature/-Serial over `TIMESTAMP\nNONCE\nBODY\n`) and checked with the
 * platform certificate or public key; a notification's resource is AES-256-GCM encrypted with the APIv3 key.
 */
export interface WechatPayConfig {
  /** The service provider's merchant id (sp_mchid). */
  mchId: string;
  /** The service provider's app id (sp_appid). */
  appId: string;
  /** The APIv3 key (32 characters). */
  apiV3Key: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  privateKey: KeySource;
  /** The platform certificate or WeChat Pay public key (PEM). */
  platformKey: KeySource;
  /** Its serial (certificate serial or PUB_KEY_ID_…); notifications naming another are refused. */
  platformSerial: string;
  baseUrl: string;
  notifyUrl: string;
}

/** A notification older than this (Wechatpay-Timestamp) is refused (replay). */
export const WECHAT_NOTIFY_MAX_AGE_S = 300;

export const wechatMessage = (parts: string[]) => parts.map((p) => `${p}\n`).join('');

export function rsaSign(key: string | KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}
export function rsaVerify(key: string | KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** Decrypts a v3 resource: AES-256-GCM, key = APIv3 key, the tag the last 16 bytes of the ciphertext. */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const nonce = () => randomBytes(16).toString('hex');
const rfc3339 = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export class WechatPay implements PaymentPartner {
  readonly channel = 1 as const;
  readonly statementPerPayee = false;
  readonly appId: string;
  readonly merchantId: string;
  private readonly privateKey: () => KeyObject;
  private readonly platformKey: () => KeyObject;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly transport: Transport,
    readonly sandbox = false,
  ) {
    this.appId = config.appId;
    this.merchantId = config.mchId;
    this.privateKey = keyReader(config.privateKey, (text) => createPrivateKey(text));
    this.platformKey = keyReader(config.platformKey, (text) => createPublicKey(text));
    if (Buffer.byteLength(config.apiV3Key) !== 32) throw new Error('WECHATPAY_API_V3_KEY must be 32 characters');
  }

  /** The Authorization header of a request (path includes the query). */
  authorization(method: string, pathWithQuery: string, body: string, timestamp = Math.floor(Date.now() / 1000), n = nonce()): string {
    const signature = rsaSign(this.privateKey(), wechatMessage([method, pathWithQuery, String(timestamp), n, body]));
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${n}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
  }

  /** Checks the platform's signature headers over a body (answers and notifications). */
  verifySigned(headers: Record<string, string | undefined>, body: string, now = new Date(), maxAgeS?: number): string | null {
    const ts = headers['wechatpay-timestamp'];
    const n = headers['wechatpay-nonce'];
    const sig = headers['wechatpay-signature'];
    const serial = headers['wechatpay-serial'];
    if (!ts || !n || !sig || !serial) return 'missing_headers';
    if (serial !== this.config.platformSerial) return 'unknown_serial';
    if (maxAgeS !== undefined && Math.abs(now.getTime() / 1000 - Number(ts)) > maxAgeS) return 'stale';
    if (!rsaVerify(this.platformKey(), wechatMessage([ts, n, body]), sig)) return 'bad_sign';
    return null;
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: object): Promise<{ status: number; json: Record<string, unknown>; body: string }> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await this.transport({
      method,
      url: this.config.baseUrl + pathWithQuery,
      headers: {
        authorization: this.authorization(method, pathWithQuery, body),
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'AquaMall',
      },
      body,
    });
    if (res.status < 300 && res.body) {
      const problem = this.verifySigned(res.headers, res.body);
      if (problem) throw new PartnerError(`wechatpay answer signature: ${problem}`);
    }
    const json = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {};
    return { status: res.status, json, body: res.body };
  }

  async create(t: PayTradeInput) {
    const res = await this.call('POST', '/v3/pay/partner/transactions/native', {
      sp_appid: this.config.appId,
      sp_mchid: this.config.mchId,
      sub_mchid: t.payee.subMchId,
      description: t.description.slice(0, 127),
      out_trade_no: t.payNo,
      time_expire: rfc3339(t.expiresAt),
      notify_url: this.config.notifyUrl,
      amount: { total: t.amountFen, currency: 'CNY' },
    });
    if (res.status !== 200 || typeof res.json.code_url !== 'string')
      throw new PartnerError(`wechatpay native: ${res.status} ${String(res.json.code ?? '')} ${String(res.json.message ?? '')}`);
    return { codeUrl: res.json.code_url, payUrl: null };
  }

  async query(payNo: string, payee: Payee): Promise<TradeState> {
    const q = new URLSearchParams({ sp_mchid: this.config.mchId, sub_mchid: payee.subMchId });
    const res = await this.call('GET', `/v3/pay/partner/transactions/out-trade-no/${encodeURIComponent(payNo)}?${q}`);
    if (res.status === 404) return { state: 'missing', raw: res.body };
    if (res.status !== 200) throw new PartnerError(`wechatpay query: ${res.status} ${res.body}`);
    return { ...transactionState(res.json), raw: res.body };
  }

  async close(payNo: string, payee: Payee) {
    const res = await this.call('POST', `/v3/pay/partner/transactions/out-trade-no/${encodeURIComponent(payNo)}/close`, {
      sp_mchid: this.config.mchId,
      sub_mchid: payee.subMchId,
    });
    if (res.status !== 204 && res.status !== 200) throw new PartnerError(`wechatpay close: ${res.status} ${res.body}`);
  }

  async refund(r: RefundInput): Promise<RefundAnswer> {
    const res = await this.call('POST', '/v3/refund/domestic/refunds', {
      sub_mchid: r.payee.subMchId,
      out_trade_no: r.payNo,
      out_refund_no: r.refundNo,
      reason: r.reason.slice(0, 80),
      notify_url: this.config.notifyUrl,
      amount: { refund: r.amountFen, total: r.totalFen, currency: 'CNY' },
    });
    if (res.status !== 200) return { status: 'failed', message: String(res.json.message ?? res.status) };
    const s = String(res.json.status);
    return {
      status: s === 'SUCCESS' ? 'success' : s === 'PROCESSING' ? 'processing' : 'failed',
      partnerRefundNo: String(res.json.refund_id ?? ''),
    };
  }

  readNotify(headers: Record<string, string | undefined>, body: string | Record<string, string>, now = new Date()): NotifyReading {
    if (typeof body !== 'string') return { verified: false, reason: 'bad_body' };
    const problem = this.verifySigned(headers, body, now, WECHAT_NOTIFY_MAX_AGE_S);
    if (problem) return { verified: false, reason: problem };
    let plain: Record<string, unknown>;
    let envelope: { id?: string; event_type?: string; resource?: { ciphertext: string; nonce: string; associated_data?: string } };
    try {
      envelope = JSON.parse(body);
      plain = JSON.parse(decryptResource(this.config.apiV3Key, envelope.resource!));
    } catch {
      return { verified: false, reason: 'bad_resource' };
    }
    const notifyId = String(envelope.id ?? '');
    if (String(envelope.event_type).startsWith('REFUND.')) {
      const amount = plain.amount as { refund?: number } | undefined;
      return {
        verified: true,
        kind: 'refund',
        payNo: String(plain.out_trade_no ?? ''),
        refundNo: String(plain.out_refund_no ?? ''),
        ok: plain.refund_status === 'SUCCESS',
        partnerRefundNo: String(plain.refund_id ?? ''),
        amountFen: Number(amount?.refund ?? -1),
        merchantId: String(plain.sp_mchid ?? ''),
        appId: this.config.appId, // refund notifications carry no appid
        subMchId: String(plain.sub_mchid ?? ''),
        notifyId,
      };
    }
    const t = transactionState(plain);
    return {
      verified: true,
      kind: 'pay',
      payNo: String(plain.out_trade_no ?? ''),
      paid: t.state === 'paid',
      partnerTradeNo: t.partnerTradeNo ?? '',
      amountFen: t.amountFen ?? -1,
      appId: t.appId ?? '',
      merchantId: t.merchantId ?? '',
      subMchId: t.subMchId ?? '',
      paidAt: t.paidAt ?? null,
      payerRef: t.payerRef ?? null,
      notifyId,
    };
  }

  /** The service provider's trade bill: every sub-merchant's trades (column 特约商户号). */
  async statement(day: string): Promise<StatementLine[]> {
    const res = await this.call('GET', `/v3/bill/tradebill?bill_date=${day}&bill_type=ALL`);
    if (res.status === 400 && res.json.code === 'NO_STATEMENT_EXIST') return [];
    if (res.status !== 200) throw new PartnerError(`wechatpay tradebill: ${res.status} ${res.body}`);
    const url = new URL(String(res.json.download_url));
    const path = url.pathname + url.search;
    const file = await this.transport({
      method: 'GET',
      url: this.config.baseUrl + path,
      headers: { authorization: this.authorization('GET', path, ''), accept: 'application/json' },
      body: '',
    });
    if (file.status !== 200) throw new PartnerError(`wechatpay billdownload: ${file.status}`);
    const hash = createHash('sha1').update(file.bytes ?? Buffer.from(file.body)).digest('hex');
    if (String(res.json.hash_value).toLowerCase() !== hash) throw new PartnerError('wechatpay bill hash mismatch');
    return parseWechatBill(file.body);
  }
}

function transactionState(j: Record<string, unknown>): Omit<TradeState, 'raw'> {
  const s = String(j.trade_state ?? '');
  const amount = j.amount as { total?: number; payer_total?: number } | undefined;
  const payer = j.payer as { sp_openid?: string } | undefined;
  return {
    state: s === 'SUCCESS' || s === 'REFUND' ? 'paid' : s === 'CLOSED' || s === 'REVOKED' ? 'closed' : s === 'PAYERROR' ? 'failed' : 'open',
    partnerTradeNo: typeof j.transaction_id === 'string' ? j.transaction_id : undefined,
    amountFen: typeof amount?.total === 'number' ? amount.total : undefined,
    paidAt: typeof j.success_time === 'string' ? new Date(j.success_time) : undefined,
    payerRef: payer?.sp_openid,
    appId: typeof j.sp_appid === 'string' ? j.sp_appid : undefined,
    merchantId: typeof j.sp_mchid === 'string' ? j.sp_mchid : undefined,
    subMchId: typeof j.sub_mchid === 'string' ? j.sub_mchid : undefined,
  };
}

/** The trade bill's columns (ALL), each value written with a leading backquote; summary lines follow the rows. */
export const WECHAT_BILL_HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注';

const yuanToFen = (v: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  if (!m) return NaN;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
};
export { yuanToFen };

export function parseWechatBill(csv: string): StatementLine[] {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',');
  const col = (name: string) => header.indexOf(name);
  const [cState, cTx, cNo, cAmount, cRefundNo, cRefund] = ['交易状态', '微信订单号', '商户订单号', '应结订单金额', '商户退款单号', '退款金额'].map(col);
  const out: StatementLine[] = [];
  for (const line of lines.slice(1)) {
    if (!line.startsWith('`')) break; // the summary (总交易单数…) follows the rows
    const v = line.split(',').map((c) => c.replace(/^`/, ''));
    const refund = v[cState] === 'REFUND';
    out.push({
      kind: refund ? 'refund' : 'pay',
      payNo: v[cNo]!,
      refundNo: refund ? v[cRefundNo]! : null,
      partnerTradeNo: v[cTx]!,
      amountFen: yuanToFen(refund ? v[cRefund]! : v[cAmount]!),
    });
  }
  return out;
}
