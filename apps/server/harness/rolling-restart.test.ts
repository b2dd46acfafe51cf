/**
 * A rolling restart behind a proxy that, like nginx, does not retry a POST elsewhere (issue 26, item 11).
 * Most API reads are POSTs, so a stopped instance that is still in the rotation costs real answers (502). The
 * documented procedure (docs/operations.md "Rolling restart") takes the instance out of the rotation first, waits
 * for its requests, then stops it, starts the new one and puts it back: under a steady stream of POSTs through
 * the proxy, not one is lost while both instances are replaced in turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../src/test/server-process.ts';
import { startCluster, type Cluster } from './cluster.ts';
import type { RoundRobinProxy } from './proxy.ts';

const hasPg = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!hasPg)('rolling restart behind a proxy that does not retry POSTs', () => {
  let cluster: Cluster;
  let servers: ServerProcess[];
  let proxy: RoundRobinProxy;
  beforeAll(async () => {
    cluster = await startCluster({});
    ({ servers, proxy } = cluster);
  });
  afterAll(async () => cluster?.close());

  /** Four clients POSTing a read (the captcha state of an account) without pause until stopped. */
  function load() {
    const statuses: number[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let k = 0; running; k++) {
        const res = await fetch(`${proxy.url}/api/appuser/logincaptcha`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: `1390000${n}${String(k % 1000).padStart(3, '0')}` }),
        }).catch(() => null);
        statuses.push(res?.status ?? 0);
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    const done = Promise.all([0, 1, 2, 3].map(client));
    return {
      statuses,
      stop: async () => {
        running = false;
        await done;
      },
    };
  }
  const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('stopping an instance that is still in the rotation loses POSTs (why the guide takes it out first)', async () => {
    const traffic = load();
    await settle(300);
    await servers[1]!.stop();
    await settle(500);
    // Bring the rotation back for the next test before judging.
    servers[1] = await startServer(cluster.env);
    proxy.putBack(1, servers[1].url);
    await settle(300);
    await traffic.stop();
    expect(traffic.statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);
  });

  it('the documented procedure (out of the rotation, drain, restart, back in) loses nothing', async () => {
    const traffic = load();
    await settle(300);
    const seenBefore = proxy.log.length;
    for (const i of [0, 1]) {
      await proxy.takeOut(i);
      await servers[i]!.stop(); // SIGTERM: /api/ready 503, in-flight requests finish, the process exits 0
      expect(servers[i]!.child.exitCode).toBe(0);
      servers[i] = await startServer(cluster.env);
      proxy.putBack(i, servers[i].url);
      await settle(300);
    }
    await traffic.stop();
    expect(traffic.statuses.length).toBeGreaterThan(20);
    expect(traffic.statuses.filter((s) => s !== 200)).toEqual([]);
    // Both new instances answered.
    const served = new Set(proxy.log.slice(seenBefore).map((l) => l.upstream));
    expect(served).toEqual(new Set([0, 1]));
  });
});
