/**
 * A database hiccup takes nothing down (docs/decisions/0163-database-hiccups.md), PostgreSQL pass only: a
 * backend terminated under a transaction in progress fails that transaction but not the process, the pool
 * replaces terminated connections, a start during an outage waits for the database, and the API answers
 * 503 服务器繁忙，请稍后重试 (and /api/ready 503) while the database is unreachable and works again after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../app.ts';
import { loadConfig } from '../config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { createPgDatabaseBehindProxy, testDbKind } from '../test/app.ts';
import type { TcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase, POOL_APPLICATION_NAME, type Database } from './client.ts';
import { isConnectionError } from './connection-errors.ts';

const quiet = { warn: () => undefined };

describe.skipIf(testDbKind !== 'pg')('losing the PostgreSQL connection', () => {
  let url: string;
  let admin: import('pg').Client;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  /** Uncaught exceptions while a test runs: a lost connection must never become one (it kills a worker). */
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    ({ url, admin, proxy, close } = await createPgDatabaseBehindProxy());
  });
  afterAll(async () => close?.());
  beforeEach(() => {
    uncaught.length = 0;
    process.on('uncaughtException', onUncaught);
  });
  afterEach(async () => {
    await proxy.resume();
    process.off('uncaughtException', onUncaught);
  });

  /** Terminates every pool connection of this test's database (never the admin client). */
  async function terminatePool(): Promise<number> {
    const res = await admin.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [POOL_APPLICATION_NAME],
    );
    return res.rows[0]!.n;
  }

  it('fails a transaction whose backend is terminated, keeps the process, and serves the next query', async () => {
    const database = await openDatabase({ url, poolSize: 2, log: quiet });
    try {
      const inTransaction = database.db.transaction(async (tx) => {
        const res = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        const pid = (res as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        await admin.query('select pg_terminate_backend($1)', [pid]);
        // Let the termination's FATAL message and the closed socket reach the client between two queries.
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 1`);
      });
      const err = await inTransaction.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      expect(isConnectionError(err)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(uncaught).toEqual([]);
      // The pool dropped the dead client; the next query gets a new connection.
      const next = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect((next as unknown as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('replaces idle connections terminated by the server', async () => {
    const database = await openDatabase({ url, poolSize: 3, log: quiet });
    try {
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      expect(await terminatePool()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
      const results = await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select 1`)));
      expect(results).toHaveLength(3);
      expect(uncaught).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('waits for the database at start instead of failing while it restarts', async () => {
    await proxy.down();
    setTimeout(() => void proxy.resume(), 1_200);
    const started = Date.now();
    const database = await openDatabase({ url: proxy.via(url), poolSize: 2, log: quiet, startRetryMs: 10_000 });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const res = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect((res as unknown as { rows: { one: number }[] }).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  describe('the API while the database is away', () => {
    let app: Awaited<ReturnType<typeof build>>;
    let database: Database;
    let filesDir: string;
    beforeAll(async () => {
      filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-files-'));
      database = await openDatabase({ url: proxy.via(url), poolSize: 4, log: quiet });
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: filesDir, LOG_LEVEL: 'silent', DEMO: '1' });
      app = await build({ config, database, storage: new LocalStorage(filesDir), logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    });

    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/appuser/login',
        payload: { account: '13900000000', password: 'Wrong2026x' },
      });

    it('answers 503 服务器繁忙，请稍后重试 and ready 503, then works again once it is back', async () => {
      const before = await login();
      expect(before.statusCode).toBe(200); // an unknown account: the database answered
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      await proxy.down();
      const during = await login();
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('1');
      expect(during.json()).toEqual({ code: 503, message: '服务器繁忙，请稍后重试', data: null });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ data: { status: 'unready', checks: { database: expect.not.stringMatching(/^ok$/) } } });

      await proxy.resume();
      const after = await login();
      expect(after.statusCode).toBe(200);
      expect((after.json() as { code: number }).code).not.toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(uncaught).toEqual([]);
    });

    it('answers 503 for the requests whose connections were cut, and the next ones succeed', async () => {
      await login();
      expect(await terminatePool()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
      const answers = await Promise.all(Array.from({ length: 6 }, () => login()));
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 6 }, () => 200));
      expect(uncaught).toEqual([]);
    });
  });
});
