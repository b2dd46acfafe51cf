/**
 * The payment partner adapter shape (decision 0207): WeChat Pay API v3 Native and Alipay 电脑网站支付 implement it
 * with their real protocols; in demo mode their transport goes to the offline sandbox (sandbox.ts), which checks and
 * signs exactly as the partner does. Amounts are integer fen.
 */

export type PayChannelCode = 1 | 2;

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

export interface PayTradeInput {
  payNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
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
      notifyId: string;
    };

export interface RefundInput {
  payNo: string;
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
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
  /** The ids the partner's notifications must carry (app id, merchant id). */
  readonly appId: string;
  readonly merchantId: string;
  /** Opens the trade: WeChat answers a code_url for the QR, Alipay a cashier URL. */
  create(t: PayTradeInput): Promise<{ codeUrl: string | null; payUrl: string | null }>;
  query(payNo: string): Promise<TradeState>;
  close(payNo: string): Promise<void>;
  refund(r: RefundInput): Promise<RefundAnswer>;
  /** Checks the signature (and decrypts) a notification; never throws for a bad one. */
  readNotify(headers: Record<string, string | undefined>, body: string | Record<string, string>, now?: Date): NotifyReading;
  /** The statement of a China day ('YYYY-MM-DD'). */
  statement(day: string): Promise<StatementLine[]>;
}

export class PartnerError extends Error {}
