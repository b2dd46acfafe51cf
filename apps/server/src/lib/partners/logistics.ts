import crypto from 'node:crypto';
import { carrierOf, formatChina } from '@aquamall/shared';

/**
 * Parcel tracking through 快递100 (docs/product/orders.md#parcel-tracking, docs/decisions/0204-parcel-tracking.md),
 * written from 快递100's published API and its official SDK demos:
 * - subscription (快递信息推送服务): POST https://poll.kuaidi100.com/poll, form `schema=json&param=<json>` with
 *   `param = {company, number, key, parameters: {callbackurl, salt, resultv2}}`; answer `{result, returnCode,
 *   message}` (200 accepted, 501 already subscribed);
 * - push: 快递100 POSTs a form `param=<json>&sign=<MD5(param + salt), upper case>` to the callback URL and
 *   expects `{"result":true,"returnCode":"200","message":"成功"}`;
 * - real-time query (实时快递查询): POST https://poll.kuaidi100.com/poll/query.do, form `customer`, `param =
 *   {com, num, resultv2}` and `sign = MD5(param + key + customer)`, upper case.
 * Times in the answers are China wall clock (`2026-11-27 10:00:00`).
 */

/** One route event as 快递100 writes it. */
export interface Kuaidi100Event {
  context: string;
  time: string;
  ftime: string;
  status?: string;
  areaName?: string;
}

/** The route of a parcel (a push's `lastResult`, or a real-time query's answer). */
export interface Kuaidi100Result {
  message: string;
  state: string;
  status: string;
  ischeck: string;
  com: string;
  nu: string;
  data: Kuaidi100Event[];
}

/** A push's `param`. */
export interface Kuaidi100Push {
  status: string;
  billstatus: string;
  message: string;
  lastResult: Kuaidi100Result;
}

export type SubscribeOutcome = { ok: true } | { ok: false; reason: string };

export interface LogisticsTracker {
  readonly name: string;
  readonly sandbox: boolean;
  /** The salt pushes are signed with (sent with each subscription). */
  readonly salt: string;
  /** Minimum time between two real-time queries of one parcel, ms. */
  readonly refreshIntervalMs: number;
  subscribe(req: { com: string; num: string; callbackUrl: string }): Promise<SubscribeOutcome>;
  /** The route now; null when the carrier has nothing yet. */
  query(req: { com: string; num: string; subscribedAt: Date }): Promise<Kuaidi100Result | null>;
}

const md5Upper = (s: string) => crypto.createHash('md5').update(s, 'utf8').digest('hex').toUpperCase();

/** A push's signature: MD5(param + salt), upper case. */
export const pushSign = (param: string, salt: string) => md5Upper(param + salt);
/** A real-time query's signature: MD5(param + key + customer), upper case. */
export const querySign = (param: string, key: string, customer: string) => md5Upper(param + key + customer);

/** Whether a push's `sign` is MD5(param + salt) (constant-time compare; case-insensitive like the partner). */
export function verifyPush(param: string, sign: string, salt: string): boolean {
  const want = Buffer.from(pushSign(param, salt));
  const got = Buffer.from(sign.trim().toUpperCase());
  return got.length === want.length && crypto.timingSafeEqual(got, want);
}

const ENDPOINTS = {
  poll: 'https://poll.kuaidi100.com/poll',
  query: 'https://poll.kuaidi100.com/poll/query.do',
};

async function postForm(url: string, form: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`快递100 HTTP ${res.status}`);
  return res.json();
}

/** The real 快递100 account (KUAIDI100_KEY, KUAIDI100_CUSTOMER, KUAIDI100_SALT). Not tried against 快递100 from here. */
export class Kuaidi100Tracker implements LogisticsTracker {
  readonly name = 'kuaidi100';
  readonly sandbox = false;
  readonly refreshIntervalMs = 30 * 60_000;
  constructor(
    private readonly key: string,
    private readonly customer: string,
    readonly salt: string,
  ) {}

  async subscribe(req: { com: string; num: string; callbackUrl: string }): Promise<SubscribeOutcome> {
    const param = JSON.stringify({
      company: req.com,
      number: req.num,
      key: this.key,
      parameters: { callbackurl: req.callbackUrl, salt: this.salt, resultv2: '1' },
    });
    const answer = (await postForm(ENDPOINTS.poll, { schema: 'json', param })) as { returnCode?: string; message?: string };
    if (answer.returnCode === '200' || answer.returnCode === '501') return { ok: true };
    // 700/701/702: the number or company is refused for good; anything else (no balance, busy) is retried.
    if (answer.returnCode?.startsWith('70')) return { ok: false, reason: answer.message ?? answer.returnCode };
    throw new Error(`快递100 subscription: ${answer.returnCode ?? '?'} ${answer.message ?? ''}`);
  }

  async query(req: { com: string; num: string }): Promise<Kuaidi100Result | null> {
    const param = JSON.stringify({ com: req.com, num: req.num, resultv2: '1' });
    const answer = (await postForm(ENDPOINTS.query, {
      customer: this.customer,
      sign: querySign(param, this.key, this.customer),
      param,
    })) as Partial<Kuaidi100Result> & { result?: boolean; returnCode?: string };
    if (answer.status === '200' && Array.isArray(answer.data)) return answer as Kuaidi100Result;
    if (answer.result === false) return null;
    throw new Error(`快递100 query: ${answer.returnCode ?? answer.status ?? '?'} ${answer.message ?? ''}`);
  }
}

/** One step of the sandbox's route: its offset after the subscription (real hours) and what the carrier writes. */
const SANDBOX_ROUTE = [
  { hours: 0.5, state: 1, status: '揽收', area: '广东省深圳市', text: (c: string) => `【深圳市】${c} 快递员已揽收` },
  { hours: 3, state: 0, status: '在途', area: '广东省深圳市', text: () => '快件已从【深圳转运中心】发出，准备发往目的地' },
  { hours: 20, state: 0, status: '在途', area: '目的地', text: () => '快件已到达【目的地转运中心】' },
  { hours: 26, state: 5, status: '派件', area: '目的地', text: () => '【目的地营业部】快递员 王师傅（电话 138****0000）正在为您派件' },
  { hours: 30, state: 3, status: '签收', area: '目的地', text: () => '快件已签收，签收人：本人，感谢使用' },
] as const;
export const SANDBOX_STEPS = SANDBOX_ROUTE.length;

/**
 * Offline sandbox (demo mode only): accepts every subscription and plays a route 揽收 → 在途 → 派件 → 签收 over
 * about 30 hours, divided by KUAIDI100_SANDBOX_SPEED (60 by default: 30 minutes; the e2e journey plays it in
 * seconds). The pushes are jobs the tracking module schedules at `stepAt` and sends signed with this salt through
 * the same verification as 快递100's; the real-time query answers the steps due by now.
 */
export class SandboxTracker implements LogisticsTracker {
  readonly name = 'sandbox';
  readonly sandbox = true;
  readonly salt = 'aquamall-sandbox-salt';
  readonly refreshIntervalMs: number;
  constructor(readonly speed = 60) {
    this.refreshIntervalMs = Math.max(1_000, (30 * 60_000) / speed);
  }
  async subscribe(): Promise<SubscribeOutcome> {
    return { ok: true };
  }
  /** When step `step` (1-based) of the route happens for a parcel subscribed at `start`. */
  stepAt(start: Date, step: number): Date {
    const s = SANDBOX_ROUTE[step - 1]!;
    return new Date(start.getTime() + (s.hours * 3_600_000) / this.speed);
  }
  /** The route after its first `steps` steps, as 快递100 writes it (newest first). */
  route(com: string, num: string, start: Date, steps: number): Kuaidi100Result {
    const name = carrierOf(com)?.name ?? com;
    const done = SANDBOX_ROUTE.slice(0, steps);
    const data = done
      .map((s, i) => {
        const wall = formatChina(this.stepAt(start, i + 1), 'YYYY-MM-DD HH:mm:ss');
        return { context: s.text(name), time: wall, ftime: wall, status: s.status, areaName: s.area };
      })
      .reverse();
    const last = done.at(-1);
    return {
      message: 'ok',
      state: String(last?.state ?? 0),
      status: '200',
      ischeck: last?.state === 3 ? '1' : '0',
      com,
      nu: num,
      data,
    };
  }
  /** A push's `param` after `steps` steps. */
  pushParam(com: string, num: string, start: Date, steps: number): string {
    const lastResult = this.route(com, num, start, steps);
    const push: Kuaidi100Push = {
      status: lastResult.ischeck === '1' ? 'shutdown' : 'polling',
      billstatus: 'check',
      message: '',
      lastResult,
    };
    return JSON.stringify(push);
  }
  async query(req: { com: string; num: string; subscribedAt: Date }): Promise<Kuaidi100Result | null> {
    const now = Date.now();
    let steps = 0;
    while (steps < SANDBOX_STEPS && this.stepAt(req.subscribedAt, steps + 1).getTime() <= now) steps++;
    return steps ? this.route(req.com, req.num, req.subscribedAt, steps) : null;
  }
}

/**
 * The tracker of this deployment: 快递100 when KUAIDI100_KEY, KUAIDI100_CUSTOMER and KUAIDI100_SALT are all set;
 * otherwise the sandbox in demo mode; otherwise none (tracking off: the number is shown without a route).
 */
export function loadTracker(demo: boolean, env: NodeJS.ProcessEnv = process.env): LogisticsTracker | null {
  const key = env.KUAIDI100_KEY?.trim();
  const customer = env.KUAIDI100_CUSTOMER?.trim();
  const salt = env.KUAIDI100_SALT?.trim();
  if (key && customer && salt) return new Kuaidi100Tracker(key, customer, salt);
  if (!demo) return null;
  const speed = Number(env.KUAIDI100_SANDBOX_SPEED ?? 60);
  return new SandboxTracker(Number.isFinite(speed) && speed >= 1 ? speed : 60);
}
