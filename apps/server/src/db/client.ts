import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { isConnectionError } from './connection-errors.ts';
import type { Executor } from './executor.ts';
import * as schema from './schema/index.ts';
import { startMark } from '../lib/start-timings.ts';

export type Schema = typeof schema;
/**
 * The one database type the code uses; PGlite and node-postgres both satisfy it, and so does a transaction
 * (the same type as `Executor`, db/executor.ts: pass a transaction where a `Db` is asked for, never cast).
 */
export type Db = Executor;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string (the event bus opens a LISTEN connection of its own). */
  url?: string;
  close(): Promise<void>;
  /** Connection pool figures for /metrics (PGlite: one connection, never waiting). */
  poolStats(): PoolStats;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** `application_name` of the pool's connections (the LISTEN connections are `aquamall <what>`). */
export const POOL_APPLICATION_NAME = 'aquamall';
const CONNECT_TIMEOUT_MS = 5_000;
const START_RETRY_MS = 30_000;

export interface DbLogger {
  warn(obj: object, msg: string): void;
}
const consoleLog: DbLogger = { warn: (obj, msg) => console.error(`[db] ${msg}`, obj) };

/**
 * Connects, retrying a lost or refused connection (db/connection-errors.ts) with backoff (250 ms doubling to
 * 4 s) for up to `forMs`; any other error, or the last one after `forMs`, is thrown.
 */
export async function connectWithRetry<T>(connect: () => Promise<T>, forMs: number, log: DbLogger): Promise<T> {
  const deadline = Date.now() + forMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await connect();
    } catch (err) {
      const wait = Math.min(4_000, 250 * 2 ** attempt);
      if (!isConnectionError(err) || Date.now() + wait > deadline) throw err;
      log.warn({ err: (err as Error).message, retryInMs: wait }, 'database unreachable at start; retrying');
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any constant works; it only serialises concurrent migrators (several instances starting at once).
const MIGRATION_LOCK = 7_230_415;

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory for the embedded database; absent → in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Where pool and connection problems are logged (console when absent). */
  log?: DbLogger;
  /**
   * PostgreSQL: how long the first connection (for the migrations) is retried while the database is
   * unreachable, with backoff, before giving up (default 30 s): a worker starting during a database restart
   * waits for it instead of dying.
   */
  startRetryMs?: number;
  /**
   * An initialised, empty PGlite cluster (built by `scripts/build.mjs`) copied into a fresh data directory
   * instead of running initdb, which takes seconds and most of a gigabyte. Ignored when it does not exist.
   */
  pgTemplate?: string;
  /**
   * In memory only (no dataDir): start from this dump of a migrated cluster (PGlite `dumpDataDir`) instead of an
   * empty one, so initdb and the migrations are not run again; the migrations are still checked. The server
   * tests make one per run (apps/server/src/test/pglite-snapshot.ts).
   */
  snapshot?: Blob;
}

/**
 * PGlite's own start parameters plus the smallest buffers that serve the demo well (its default shared_buffers
 * of 128 MB costs ~115 MB of resident memory; the demo database is a few tens of MB and the OS caches the
 * files anyway). Durability: PGlite runs with fsync off (-F) but writes its WAL at every commit
 * (synchronous_commit on), so an acknowledged write survives the process being killed; it does not claim to
 * survive a power cut (docs/decisions/0080-build-once-start.md).
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', 'synchronous_commit=on'];

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const log = opts.log ?? consoleLog;
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max,
      // Named, so an operator (and the chaos test) can find this process's backends in pg_stat_activity.
      application_name: POOL_APPLICATION_NAME,
      // TCP keep-alive (first probe after 10 s), so a silently dead peer is eventually noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A request waiting for a connection the database does not give fails with 503, not after minutes.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle client whose connection dies (server restart, admin termination) is dropped by the pool, which
    // re-emits the error here (logged by the client's own listener below); the next checkout opens a new one.
    pool.on('error', () => undefined);
    // A checked-out client (a transaction in progress, docs/decisions/0163-database-hiccups.md) has no pool
    // listener: its connection dying would be an unhandled 'error' event that kills the process. The query
    // in progress fails on its own (the request answers 503) and the pool drops the client on release.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        log.warn({ err: err.message }, 'PostgreSQL connection lost; the pool replaces it');
      });
    });
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    const client = await connectWithRetry(() => pool.connect(), opts.startRetryMs ?? START_RETRY_MS, log);
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client, schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  let client: InstanceType<typeof PGlite>;
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    release = lockDataDir(opts.dataDir);
    try {
      const pgdata = path.join(opts.dataDir, 'pgdata');
      if (opts.pgTemplate && !fs.existsSync(pgdata) && fs.existsSync(path.join(opts.pgTemplate, 'PG_VERSION'))) {
        // Copied under another name and renamed, so an interrupted copy is never taken for a cluster.
        const partial = `${pgdata}.partial`;
        fs.rmSync(partial, { recursive: true, force: true });
        fs.cpSync(opts.pgTemplate, partial, { recursive: true });
        fs.renameSync(partial, pgdata);
      }
      startMark('pglite loaded');
      client = new PGlite(pgdata, { startParams });
      await client.waitReady;
      startMark('pglite ready');
    } catch (err) {
      release();
      throw err;
    }
  } else {
    // In memory (tests): PGlite's defaults, as the test suite was tuned with them.
    client = opts.snapshot ? new PGlite({ loadDataDir: opts.snapshot }) : new PGlite();
    await client.waitReady;
  }
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrate(db, { migrationsFolder });
  startMark('migrations checked');
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. A lock file
 * holding the owner's pid guards it; a stale lock (owner gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `Data directory ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the database holds no companies yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from companies`);
  const first = (rows as unknown as { rows: { n: number }[] }).rows[0];
  return (first?.n ?? 0) === 0;
}
