import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { RATE_LIMIT_GROUPS, type RateLimitGroup } from '@aquamall/shared/endpoints';

/**
 * Sealed-bid windows of the platform (招标投标法 art. 24, 实施条例 art. 21): at least 20 days from publishing to the
 * bidding deadline, at least 15 days left after a change of the documents. A deployment may lengthen them, never
 * shorten them; demo mode (and tests, e2e) may (parseTenderWindows).
 */
export const TENDER_WINDOW_FLOOR = { minBidDays: 20, minChangeDays: 15 } as const;

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Directory of the built web app; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** Seed demo data on first start of an empty database ('1' default, '0' to skip). */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** '1' turns the demo (sandboxes, /api/dev/*, demo seed) on, '0' off; unset: on only on loopback + embedded. */
  DEMO: z.enum(['0', '1']).optional(),
  /** Server processes on PostgreSQL (default: the core count); the embedded database always runs one. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  SMS_PROVIDER: z.string().optional(),
  SMTP_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_TOKEN: z.string().optional(),
  /** Proxies whose X-Forwarded-For is believed: a hop count (`1`) or a comma list of addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** Origins the workbench iframecontainer may frame (comma list: `https://bi.example.com` or `bi.example.com`). */
  FRAME_HOSTS: z.string().optional(),
  /** Rate-limit window in seconds, and the requests per window one address may send to each group. */
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
  RATE_LIMIT_LOGIN: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_CODE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_CAPTCHA: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_QR: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().min(1).default(240),
  /** Bearer token a Prometheus scraper sends to read /metrics (platform administrators need none). */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
  /** The open platform's master key (API-key and webhook secrets derive from it; decision 0205); unset: off, except in demo mode. */
  OPENAPI_MASTER_KEY: z
    .string()
    .optional()
    .refine((v) => !v || v.length >= 32, 'OPENAPI_MASTER_KEY must be at least 32 characters'),
  /** '1' publishes the API reference (/api/docs) to everyone; otherwise only demo mode or platform admins. */
  DOCS_PUBLIC: z.enum(['0', '1']).optional(),
  /** SIGTERM: how long /api/ready answers 503 before the listener closes (load balancer notices), ms. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** SIGTERM: how long in-flight requests may take to finish before connections are cut, ms. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Timed rules of orders (docs/product/orders.md#timed-rules): unconfirmed orders cancel after this many hours, unpaid ones after … */
  ORDER_CONFIRM_HOURS: z.coerce.number().positive().max(24 * 365).default(48),
  ORDER_PAY_HOURS: z.coerce.number().positive().max(24 * 365).default(72),
  /** … and shipped orders are received automatically this many days after the last shipment. */
  ORDER_AUTO_RECEIVE_DAYS: z.coerce.number().positive().max(365).default(10),
  /** After-sales requests are accepted this many days after an order completes. */
  RMA_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  TENDER_PUBLICITY_DAYS: z.coerce.number().positive().max(365).default(3),
  /** Sealed-bid windows (decision 0160), in days (fractions allowed): the shortest bidding window of a published
   * tender, and the time left to the deadline after a change of its documents. Lower only in demo mode. */
  TENDER_MIN_BID_DAYS: z.coerce.number().min(0).max(365).default(TENDER_WINDOW_FLOOR.minBidDays),
  TENDER_MIN_CHANGE_DAYS: z.coerce.number().min(0).max(365).default(TENDER_WINDOW_FLOOR.minChangeDays),
  /** How often each instance looks for due timed rules, ms. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(5_000),
  /** Dispatched domain events (the outbox of notices and webhooks) are deleted this many days after dispatch. */
  EVENTS_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** '0' keeps this instance from running timed rules; default on (off under NODE_ENV=test: tests run them). */
  JOBS_RUNNER: z.enum(['0', '1']).optional(),
  /** The address the public reaches the site at (canonical links, Open Graph, sitemap.xml): `https://www.example.cn`. */
  PUBLIC_URL: z.string().optional(),
  /** URLs per sitemap file (the sitemap protocol allows 50,000; smaller only to try the paging). */
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
});

export type TenderWindows = { minBidDays: number; minChangeDays: number };

/** TENDER_MIN_*_DAYS → the windows; below the platform floor only in demo mode (refused at start otherwise). */
export function parseTenderWindows(minBidDays: number, minChangeDays: number, demo: boolean): TenderWindows {
  if (!demo && (minBidDays < TENDER_WINDOW_FLOOR.minBidDays || minChangeDays < TENDER_WINDOW_FLOOR.minChangeDays))
    throw new Error(
      `TENDER_MIN_BID_DAYS / TENDER_MIN_CHANGE_DAYS may be lowered below ${TENDER_WINDOW_FLOOR.minBidDays} / ${TENDER_WINDOW_FLOOR.minChangeDays} days only in demo mode`,
    );
  return { minBidDays, minChangeDays };
}

/** Groups of unauthenticated, costly endpoints that share one limit setting each (declared on the descriptors). */
export { RATE_LIMIT_GROUPS, type RateLimitGroup };

/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * TRUST_PROXY → Fastify's trustProxy. Unset: trust nobody (the address is the socket's). A hop count, or a
 * comma list of IP addresses / CIDR ranges. `true` (trust any sender of X-Forwarded-For) is refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error('TRUST_PROXY: a hop count must be 0–10');
    return hops;
  }
  if (v === 'true') throw new Error('TRUST_PROXY=true would trust anyone: give a hop count (1) or the proxy addresses');
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const entry of list) {
    const [addr, bits, extra] = entry.split('/');
    const family = net.isIP(addr ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an address or CIDR range`);
  }
  return list;
}

/** FRAME_HOSTS → origins (`https://host[:port]`); a bare host means https. */
export function parseFrameHosts(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(/^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`);
    } catch {
      throw new Error(`FRAME_HOSTS: "${raw}" is not a host name`);
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.username) {
      throw new Error(`FRAME_HOSTS: "${raw}" must be a host or an http(s) origin without a path`);
    }
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  return out;
}

/**
 * PUBLIC_URL → the site's origin without a trailing slash (`https://www.example.cn`). Unset: this server's own
 * address (`http://127.0.0.1:3000`; a wildcard HOST becomes 127.0.0.1), which only suits a demo.
 */
export function parsePublicUrl(value: string | undefined, host: string, port: number): string {
  const v = (value ?? '').trim();
  if (!v) {
    const h = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
    return `http://${h.includes(':') ? `[${h}]` : h}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL: "${v}" is not a URL`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL: "${v}" must be an http(s) origin without a path, such as https://www.example.cn`);
  }
  return url.origin;
}

export type AppConfig = ReturnType<typeof loadConfig>;

/** The configurable timed rules of orders (docs/product/orders.md#timed-rules, docs/product/aftersales.md#what-may-be-claimed). */
export interface OrderRules {
  confirmHours: number;
  payHours: number;
  autoReceiveDays: number;
  rmaDays: number;
}
export const DEFAULT_ORDER_RULES: OrderRules = { confirmHours: 48, payHours: 72, autoReceiveDays: 10, rmaDays: 7 };

/** The open platform's master key in demo mode (public: never protects anything real). */
export const DEMO_OPENAPI_MASTER_KEY = 'aquamall-demo-openapi-master-key-not-a-secret';

/** Reads configuration from the environment (README "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL || undefined;
  const demo = e.DEMO ? e.DEMO === '1' : isLoopbackHost(e.HOST) && !databaseUrl;
  // Default: <repo>/data, whichever directory the server was started from (npm workspaces change the cwd).
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.resolve(import.meta.dirname, '../../../data');
  return {
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl,
    /**
     * Demo mode (docs/product/deployment.md#demo-mode): sandboxes, the dev outbox, /api/dev/* and the demo seed. On by default only for
     * the newcomer's `npm start` (loopback address, embedded database); a deployment needs DEMO=1 for it.
     */
    demo,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN || undefined,
    /** The API reference is public in demo mode or with DOCS_PUBLIC=1; otherwise platform administrators only. */
    docsPublic: e.DOCS_PUBLIC ? e.DOCS_PUBLIC === '1' : demo,
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    /** Timed rules of orders and after-sales (ORDER_* / RMA_DAYS), and how often due ones are looked for. */
    orderRules: {
      confirmHours: e.ORDER_CONFIRM_HOURS,
      payHours: e.ORDER_PAY_HOURS,
      autoReceiveDays: e.ORDER_AUTO_RECEIVE_DAYS,
      rmaDays: e.RMA_DAYS,
    } satisfies OrderRules,
    /** The publicity period (公示期) of a winning-bid notice, in days: bidders may object during it. */
    tenderPublicityDays: e.TENDER_PUBLICITY_DAYS,
    /** Shortest bidding window and the time left after a change of documents, days (decision 0160). */
    tenderWindows: parseTenderWindows(e.TENDER_MIN_BID_DAYS, e.TENDER_MIN_CHANGE_DAYS, demo),
    jobsPollMs: e.JOBS_POLL_MS,
    /** Days a dispatched domain event is kept before the daily clean-up deletes it (modules/events/dispatch.ts). */
    eventsKeepDays: e.EVENTS_KEEP_DAYS,
    /** The public origin of canonical links, share cards and the sitemap; whether PUBLIC_URL gave it. */
    publicUrl: parsePublicUrl(e.PUBLIC_URL, e.HOST, e.PORT),
    publicUrlSet: !!e.PUBLIC_URL?.trim(),
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    /** Whether this instance polls for due timed rules (modules/jobs/runner.ts). */
    jobsRunner: e.JOBS_RUNNER ? e.JOBS_RUNNER === '1' : e.NODE_ENV !== 'test',
    /** Processes serving HTTP: WORKERS (default the core count) on PostgreSQL, always 1 on the embedded database. */
    workers: databaseUrl ? (e.WORKERS ?? os.availableParallelism()) : 1,
    /** WORKERS as given, to say why it is ignored on the embedded database. */
    workersRequested: e.WORKERS,
    /** An empty, initialised PGlite cluster made by the build (scripts/build.mjs), copied into a fresh DATA_DIR. */
    pgTemplate: path.resolve(import.meta.dirname, '../dist/pgdata-template'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    /** Seed the demo marketplace on first start of an empty database: only in demo mode. */
    seedDemo: demo && e.SEED_DEMO === '1',
    smsProvider: e.SMS_PROVIDER,
    smtpUrl: e.SMTP_URL,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          }
        : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    frameHosts: parseFrameHosts(e.FRAME_HOSTS),
    rateLimit: {
      windowMs: e.RATE_LIMIT_WINDOW_S * 1000,
      max: {
        login: e.RATE_LIMIT_LOGIN,
        register: e.RATE_LIMIT_REGISTER,
        code: e.RATE_LIMIT_CODE,
        captcha: e.RATE_LIMIT_CAPTCHA,
        qr: e.RATE_LIMIT_QR,
        upload: e.RATE_LIMIT_UPLOAD,
      } satisfies Record<RateLimitGroup, number>,
    },
    /**
     * Open platform (decision 0205): the master key API-key and webhook secrets derive from; a fixed, public key in
     * demo mode when unset; null (the platform is off, the page says so) in a deployment without it.
     */
    openApiMasterKey: e.OPENAPI_MASTER_KEY || (demo ? DEMO_OPENAPI_MASTER_KEY : null),
    wechat:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
        ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, token: e.WECHAT_TOKEN ?? '' }
        : undefined,
  };
}

/**
 * One line for the start log: the mode (docs/product/deployment.md#demo-mode) and what it implies. Demo: sandboxes, dev outbox and the
 * demo seed are on. Deployment: they are off; partners must be configured to offer their login methods.
 */
export function describeMode(config: AppConfig): string {
  const db = config.databaseUrl ? 'PostgreSQL' : 'embedded database';
  if (config.demo) {
    return `demo mode (${config.host}, ${db}): sandboxes, /api/dev/* and the demo accounts are on — never expose this to a network`;
  }
  return `deployment mode (${config.host}, ${db}): no sandboxes, no /api/dev/*, no demo seed`;
}
