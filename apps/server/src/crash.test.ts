/**
 * Crash safety (issue 10): the real, compiled server is killed with SIGKILL in the middle of a stream of
 * writes; after a restart every write it had acknowledged is there. Runs on the embedded database (a temp
 * DATA_DIR) and, in the PostgreSQL pass of the suite, on a fresh PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, testDbKind } from './test/app.ts';
import { ensureServerBuilt, postJson, startServer, type ServerProcess } from './test/server-process.ts';

const SUPPLIER = '18800000002';
const PASSWORD = 'Demo@2026';
/** Writes acknowledged before the kill; the stream keeps CONCURRENCY more in flight when it comes. */
const ACKED_BEFORE_KILL = 60;
const CONCURRENCY = 6;

describe(`crash safety (${testDbKind})`, () => {
  let env: Record<string, string | undefined>;
  let cleanup: () => Promise<void> = async () => undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ensureServerBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-crash-'));
    if (testDbKind === 'pg') {
      const pg = await createPgDatabase();
      env = { DATABASE_URL: pg.url, WORKERS: '1', DATA_DIR: dataDir };
      cleanup = async () => {
        await pg.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Demo mode for the seeded supplier account; quiet logs (only the listen line is needed).
    Object.assign(env, { DEMO: '1', SEED_DEMO: '1', LOG_LEVEL: 'info' });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await cleanup();
  });

  async function signIn(url: string): Promise<string> {
    const res = await postJson<{ authToken: string }>(`${url}/api/appuser/login`, {
      account: SUPPLIER,
      password: PASSWORD,
    });
    expect(res.code, res.message).toBe(0);
    return res.data.authToken;
  }

  it('keeps every acknowledged write after SIGKILL', async () => {
    server = await startServer(env);
    const first = server;
    const token = await signIn(first.url);

    // A stream of role creations: each is acknowledged when the server answers code 0.
    const acked: string[] = [];
    let next = 0;
    let killed = false;
    const stream = async () => {
      while (!killed) {
        const name = `断电测试${String(next++).padStart(4, '0')}`;
        try {
          const res = await postJson(`${first.url}/api/role/create`, { name }, token);
          if (res.code === 0) acked.push(name);
          else throw new Error(`write refused: ${res.message}`);
        } catch (err) {
          if (killed) return; // in flight when the server died: not acknowledged
          throw err;
        }
        if (acked.length >= ACKED_BEFORE_KILL && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, stream));
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

    server = await startServer(env);
    const again = await signIn(server.url);
    const found = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await postJson<{ list: { name: string }[]; total: number }>(
        `${server.url}/api/role/list`,
        { keyword: '断电测试', pageIndex: page, pageSize: 100 },
        again,
      );
      expect(res.code, res.message).toBe(0);
      for (const r of res.data.list) found.add(r.name);
      if (res.data.list.length < 100) break;
    }
    const missing = acked.filter((n) => !found.has(n));
    expect(missing).toEqual([]);
  }, 90_000);
});
