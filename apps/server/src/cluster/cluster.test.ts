/**
 * Every core (issue 10): the compiled server with WORKERS=2 on a PostgreSQL database runs two HTTP workers
 * that both answer, seeds the demo once, and replaces a worker that dies. PostgreSQL pass of the suite only
 * (the embedded database always runs one process).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, testDbKind } from '../test/app.ts';
import { ensureServerBuilt, startServer, type ServerProcess } from '../test/server-process.ts';

async function workersAnswering(url: string, tries = 40): Promise<Set<string>> {
  const seen = new Set<string>();
  // New connections each time (no keep-alive), so the primary hands them to the workers in turn.
  for (let i = 0; i < tries; i++) {
    const res = await fetch(`${url}/api/ping`, { headers: { connection: 'close' } });
    expect(await res.json()).toEqual({ code: 0, message: '', data: 'pong' });
    seen.add(res.headers.get('x-worker') ?? 'none');
  }
  return seen;
}

describe.skipIf(testDbKind !== 'pg')('WORKERS on PostgreSQL', () => {
  let server: ServerProcess | undefined;
  let cleanup: () => Promise<void> = async () => undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureServerBuilt();
    const pg = await createPgDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-workers-'));
    env = { DATABASE_URL: pg.url, WORKERS: '2', DEMO: '1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    cleanup = async () => {
      await pg.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await cleanup();
  });

  it('runs two workers that both answer, seeds once and replaces a dead worker', async () => {
    server = await startServer(env);
    // The primary prints the banner once both workers listen; one worker seeds, the other finds it done.
    await expect.poll(() => server!.output().includes('workers   2'), { timeout: 30_000 }).toBe(true);
    // (each worker's own log line may reach the pipe a moment after the primary's banner)
    await expect
      .poll(() => server!.output().match(/Server listening at/g)?.length ?? 0, { timeout: 10_000 })
      .toBe(2);
    expect(server.output().match(/"demo data seeded"/g)?.length).toBe(1);
    expect(await workersAnswering(server.url)).toEqual(new Set(['1', '2']));

    // A worker killed from outside is replaced (worker ids count on: the new one is 3).
    const pids = server.output().matchAll(/"pid":(\d+),"hostname":"[^"]*","msg":"Server listening/g);
    const firstWorker = Number([...pids][0]![1]);
    expect(firstWorker).not.toBe(server.child.pid);
    process.kill(firstWorker, 'SIGKILL');
    await expect
      .poll(() => server!.output().match(/Server listening at/g)?.length ?? 0, { timeout: 30_000 })
      .toBe(3);
    const after = await workersAnswering(server.url);
    expect(after.size).toBe(2);
    expect(after.has('3')).toBe(true);

    // SIGTERM: the primary stops its workers and exits cleanly.
    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);
  }, 90_000);
});
