import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/aquamall_bench';

export interface ServerOptions {
  /** Embedded PGlite in a temporary DATA_DIR instead of PostgreSQL. */
  embedded: boolean;
  databaseUrl: string;
  /** Drop and re-seed the PostgreSQL benchmark database first. */
  fresh?: boolean;
  port: number;
  logLevel: string;
  /** Extra environment for the server (e.g. feature switches of other modules). */
  env?: Record<string, string>;
  /** How long start-up (migrations and the first-start demo seed) may take. */
  startTimeoutMs?: number;
  /** Node arguments of another entry than the compiled server (bench/floor.ts: its floor server, from source). */
  entry?: string[];
}

export interface RunningServer {
  url: string;
  /** The server process (its memory is read from /proc by bench/live.ts). */
  pid: number | undefined;
  kind: 'postgres' | 'embedded';
  stop(): Promise<void>;
}

/** Creates the benchmark database on the PostgreSQL server when it does not exist yet (`fresh`: drop it first). */
export async function ensureDatabase(url: string, fresh = false): Promise<void> {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unsupported benchmark database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (fresh) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} during start-up`);
    try {
      const res = await fetch(`${url}/api/ping`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s`);
}

/**
 * Starts the compiled server as in production (`NODE_ENV=production`, dist/server/main.js) in a child process
 * on loopback, with one worker per core on PostgreSQL unless WORKERS is given in `env`.
 * On PostgreSQL the database is created when missing and seeded with the demo data on first start
 * (SEED_DEMO=1, the server's own first-start seed); files go to a DATA_DIR kept between runs so the seeded
 * images stay with the seeded rows. Embedded mode uses a fresh temporary DATA_DIR, removed on stop.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  let dataDir: string;
  let cleanup = () => {};
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  if (opts.embedded) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-bench-'));
    cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    await ensureDatabase(opts.databaseUrl, opts.fresh);
    dataDir = path.join(os.tmpdir(), 'aquamall-bench-pg-data');
    if (opts.fresh) fs.rmSync(dataDir, { recursive: true, force: true });
    env.DATABASE_URL = opts.databaseUrl;
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    // The bench signs in as a demo account: demo mode on (loopback only), or nothing gets seeded.
    DEMO: '1',
    SEED_DEMO: '1',
    LOG_LEVEL: opts.logLevel,
    ...opts.env,
  });
  // The compiled server, as `npm start` runs it (`npm run bench` builds it first when stale).
  const child = spawn(process.execPath, opts.entry ?? [path.join(SERVER_DIR, 'dist/server/main.js')], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
  try {
    await waitForHealth(url, child, opts.startTimeoutMs ?? 300_000);
  } catch (err) {
    await stop();
    process.stderr.write(log.join(''));
    throw err;
  }
  return { url, pid: child.pid, kind: opts.embedded ? 'embedded' : 'postgres', stop };
}
