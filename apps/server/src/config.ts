import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

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
});

/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export type AppConfig = ReturnType<typeof loadConfig>;

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
     * Demo mode (DESIGN §5): sandboxes, the dev outbox, /api/dev/* and the demo seed. On by default only for
     * the newcomer's `npm start` (loopback address, embedded database); a deployment needs DEMO=1 for it.
     */
    demo,
    redisUrl: e.REDIS_URL || undefined,
    logLevel: e.LOG_LEVEL,
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
    wechat:
      e.WECHAT_APP_ID && e.WECHAT_APP_SECRET
        ? { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, token: e.WECHAT_TOKEN ?? '' }
        : undefined,
  };
}
