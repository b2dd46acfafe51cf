import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/client.ts';
import { createPgDatabase } from '../src/test/app.ts';
import { ensureServerBuilt, startServer, type ServerProcess } from '../src/test/server-process.ts';
import { startProxy, type RoundRobinProxy } from './proxy.ts';

/** Two compiled servers on one fresh PostgreSQL database behind the round-robin proxy, and a connection of the test's own. */
export interface Cluster {
  servers: ServerProcess[];
  proxy: RoundRobinProxy;
  database: Database;
  /** The environment the servers were started with (to start a replacement). */
  env: Record<string, string | undefined>;
  /** Makes the proxy send the next request to instance `i` (the proxy is strictly round-robin). */
  steer(i: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(extraEnv: Record<string, string | undefined>): Promise<Cluster> {
  ensureServerBuilt();
  const pg = await createPgDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-instances-'));
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: undefined,
    WORKERS: '1',
    DEMO: '1',
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    TRUST_PROXY: '1',
    ...extraEnv,
  };
  // One after the other: the first applies the migrations.
  const servers = [await startServer(env), await startServer(env)];
  const proxy = await startProxy(servers.map((s) => s.url));
  const database = await openDatabase({ url: pg.url, poolSize: 4 });
  return {
    servers,
    proxy,
    database,
    env,
    async steer(i) {
      while (proxy.peek() !== i) await fetch(`${proxy.url}/api/ping`);
    },
    async close() {
      await proxy.close();
      await Promise.all(servers.map((s) => s.stop()));
      await database.close();
      await pg.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
