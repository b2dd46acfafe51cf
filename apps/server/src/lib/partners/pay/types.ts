import type { KeyObject } from 'node:crypto';

/**
 * The payment partner adapter shape (decision 0207): WeChat Pay API v3 Native and Alipay 电脑网站支付 implement it
 * with their real protocols; in demo mode their transport goes to the offline sandbox (sandbox.ts), which checks and
 * signs exactly as the partner does. Amounts are integer fen.
 */

export type PayChannelCode = 1 | 2;

/**
 * A key given to an adapter: PEM/base64 text or a KeyObject (parsed or taken at construction, so a bad configured
 * key stops the start), or a function that hands the key over on first use (the demo sandbox makes its key pairs
 * only when a payment first needs them; the function keeps what it made).
 */
export type KeySource = string | KeyObject | (() => KeyObject);

/** The key of a KeySource, read when a signature needs it. */
export function keyReader(source: KeySource, parse: (text: string) => KeyObject): () => KeyObject {
  if (typeof source === 'function') return source;
  const key = typeof source === 'string' ? parse(source) : source;
  return () => key;
}

/** An HTTP exchange with a partner (the real transport is fetch; the sandbox answers in process). */
export interface PartnerRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}
export interface PartnerResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A binary download (a bill archive). */
  bytes?: Uint8Array;
}
export type Transport = (req: PartnerRequest) => Promise<PartnerResponse>;

export const fetchTransport: Transport = async (req) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.method === 'POST' ? req.body : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
  return { status: res.status, headers, body: new TextDecoder().decode(bytes), bytes };
};

/**
 * Whom a trade pays (decision 0216): the supplier's sub-merchant. WeChat Pay 服务商 mode: `subMchId` is the sub_mchid
 * (特约商户号). Alipay 第三方应用授权: `subMchId` is the authorising merchant's PID (the seller_id its notifications
 * name) and `authToken` its app_auth_token, sent as the common parameter of every call made for it.
 */
export interface Payee {
  subMchId: string;
  authToken?: string | null;
}

export interface PayTradeInput {
  payNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  payee: Payee;
}

/** What the partner says a trade is. */
export interface TradeState {
  state: 'paid' | 'open' | 'closed' | 'failed' | 'missing';
  partnerTradeNo?: string;
  amountFen?: number;
  paidAt?: Date;
  payerRef?: string;
  appId?: string;
  merchantId?: string;
  /** The payee the partner names (WeChat sub_mchid, Alipay seller_id). */
  subMchId?: string;
  raw: string;
}

/** A notification after its signature was checked and its resource read. */
export type NotifyReading =
  | { verified: false; reason: string }
  | {
      verified: true;
      kind: 'pay';
      payNo: string;
      paid: boolean;
      partnerTradeNo: string;
      amountFen: number;
      appId: string;
      merchantId: string;
      /** The payee the notification names (WeChat sub_mchid, Alipay seller_id): the order's supplier's. */
      subMchId: string;
      paidAt: Date | null;
      payerRef: string | null;
      /** The notification's own id (WeChat id / Alipay notify_id). */
      notifyId: string;
    }
  | {
      verified: true;
      kind: 'refund';
      payNo: string;
      refundNo: string;
      ok: boolean;
      partnerRefundNo: string;
      amountFen: number;
      merchantId: string;
      appId: string;
      subMchId: string;
      notifyId: string;
    };

export interface RefundInput {
  payNo: string;
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
  payee: Payee;
}
export interface RefundAnswer {
  status: 'processing' | 'success' | 'failed';
  partnerRefundNo?: string;
  message?: string;
}

/** A line of the partner's statement of a day: a payment or a refund. */
export interface StatementLine {
  kind: 'pay' | 'refund';
  payNo: string;
  refundNo: string | null;
  partnerTradeNo: string;
  amountFen: number;
}

export interface PaymentPartner {
  readonly channel: PayChannelCode;
  readonly sandbox: boolean;
  /**
   * The platform's ids the partner's notifications must carry: WeChat sp_appid and sp_mchid (服务商); Alipay the
   * platform application's app_id (both fields). The payee is the trade's sub-merchant (`Payee`), never the platform.
   */
  readonly appId: string;
  readonly merchantId: string;
  /** Opens the trade for the payee: WeChat answers a code_url for the QR, Alipay a cashier URL. */
  create(t: PayTradeInput): Promise<{ codeUrl: string | null; payUrl: string | null }>;
  query(payNo: string, payee: Payee): Promise<TradeState>;
  close(payNo: string, payee: Payee): Promise<void>;
  refund(r: RefundInput): Promise<RefundAnswer>;
  /** Checks the signature (and decrypts) a notification; never throws for a bad one. */
  readNotify(headers: Record<string, string | undefined>, body: string | Record<string, string>, now?: Date): NotifyReading;
  /**
   * The statement of a China day ('YYYY-MM-DD'): WeChat's service-provider bill covers every sub-merchant (no payee);
   * Alipay's bill is each authorising merchant's own (its payee).
   */
  statement(day: string, payee?: Payee): Promise<StatementLine[]>;
  /** Alipay: the payees whose bills make the day's statement (one per authorising merchant). */
  readonly statementPerPayee: boolean;
}

export class PartnerError extends Error {}
