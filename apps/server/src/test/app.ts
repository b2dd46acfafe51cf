import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { build } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { LocalStorage } from '../lib/storage.ts';
import { seedDemo } from '../db/seed/index.ts';
import { recordCrossCompanyCalls } from './isolation-record.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/** Which database the server tests run on: embedded PGlite, or PostgreSQL (AQUAMALL_TEST_DB=pg). */
export const testDbKind = process.env.AQUAMALL_TEST_DB === 'pg' ? 'pg' : 'pglite';

let snapshot: Blob | null | undefined;
/**
 * The migrated cluster dumped once per run by the global setup (test/pglite-snapshot.ts), read once per test
 * file; null when there is none (PostgreSQL, or run outside that setup).
 */
async function pgliteSnapshot(): Promise<Blob | null> {
  if (snapshot === undefined) {
    // Imported here: this module is also loaded outside Vitest (the benches take createPgDatabase from it).
    const { inject } = await import('vitest');
    const file = inject('pgliteSnapshot');
    snapshot = file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null;
  }
  return snapshot;
}

let pgTemplateName: string | null | undefined;
/**
 * The migrated PostgreSQL database the global setup made for this run (test/pg-template.ts), or null when there
 * is none (the embedded database, or run outside that setup).
 */
async function pgTemplate(): Promise<string | null> {
  if (pgTemplateName === undefined) {
    const { inject } = await import('vitest');
    pgTemplateName = inject('pgTemplate') ?? null;
  }
  return pgTemplateName;
}

/**
 * A new PostgreSQL database under TEST_DATABASE_URL's server, with a function that drops it: empty, or a copy
 * of `template` (a database nobody is connected to). `fastCommit` adds `synchronous_commit=off` to the returned
 * URL, so every connection made with it commits without waiting for the server's WAL flush (test databases
 * only: a crash of the PostgreSQL server could lose the last commits, never a crash of the application).
 */
export async function createPgDatabase(
  opts: { name?: string; template?: string; fastCommit?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('AQUAMALL_TEST_DB=pg needs TEST_DATABASE_URL');
  const { default: pg } = await import('pg');
  const name = opts.name ?? `aquamall_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(opts.template ? `create database ${name} template ${opts.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (opts.fastCommit) url.searchParams.set('options', '-c synchronous_commit=off');
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A new PostgreSQL database (as createPgDatabase) with a TCP proxy in front that the test can cut
 * (test/tcp-proxy.ts: `proxy.via(url)` is the way through it) and an admin client straight to the database,
 * which no cut reaches. `close` ends all three.
 */
export async function createPgDatabaseBehindProxy(): Promise<{
  url: string;
  proxy: TcpProxy;
  admin: import('pg').Client;
  close: () => Promise<void>;
}> {
  const { url, drop } = await createPgDatabase();
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, 'postgres');
  return {
    url,
    proxy,
    admin,
    close: async () => {
      await proxy.close();
      await admin.end();
      await drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  filesDir: string;
  close(): Promise<void>;
}

/**
 * A fresh application on a fresh database (in-memory PGlite, or a new PostgreSQL database), optionally with
 * the demo seed. Each test file gets its own, so files never see each other's data.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    onRoute?: (route: RouteOptions) => void;
    /** Demo mode (DEMO=1, the default for tests); false leaves DEMO unset, so HOST/DATABASE_URL decide. */
    demo?: boolean;
  } = {},
): Promise<TestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-files-'));
  let drop = async () => {};
  let database: Database;
  if (testDbKind === 'pg') {
    let url: string;
    const template = await pgTemplate();
    if (template) {
      // Named after the run's template, whose global setup drops them all together at the end of the run
      // (test/pg-template.ts): one database dropped right after its pool closed took about three seconds.
      const name = `${template}_${crypto.randomBytes(6).toString('hex')}`;
      const created = await createPgDatabase({ template, name, fastCommit: true });
      url = created.url;
    } else {
      const created = await createPgDatabase({ fastCommit: true });
      url = created.url;
      drop = created.drop;
    }
    database = await openDatabase({ url, poolSize: 4 });
  } else {
    database = await openDatabase({ snapshot: (await pgliteSnapshot()) ?? undefined });
  }
  const storage = new LocalStorage(filesDir);
  if (opts.seed) await seedDemo(database.db, storage);
  // Tests opt in to demo mode (sandboxes, /api/dev/*) explicitly; a test of a deployment passes demo: false.
  const demo: Record<string, string> = opts.demo === false ? {} : { DEMO: '1' };
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: filesDir, LOG_LEVEL: 'silent', ...demo, ...opts.env });
  const app = await build({ config, database, storage, logger: false, onRoute: opts.onRoute });
  recordCrossCompanyCalls(app);
  await app.ready();
  return {
    app,
    database,
    filesDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second application on the same database and files as `t`: another instance (or cluster worker) in a
 * deployment, for tests of what instances must share. Close it before `t`.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.filesDir, LOG_LEVEL: 'silent', DEMO: '1', ...env });
  const app = await build({ config, database: t.database, storage: new LocalStorage(t.filesDir), logger: false });
  await app.ready();
  return app;
}
