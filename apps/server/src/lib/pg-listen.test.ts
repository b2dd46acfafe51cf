/**
 * LISTEN/NOTIFY survives the database going away (docs/decisions/0163-database-hiccups.md), PostgreSQL pass
 * only: after its backend is terminated, or the database refuses connections for a while, the channel
 * reconnects, LISTENs again and hears the next notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabaseBehindProxy, testDbKind } from '../test/app.ts';
import type { TcpProxy } from '../test/tcp-proxy.ts';
import { listenPg, reconnectDelayMs, type PgChannel } from './pg-listen.ts';

const CHANNEL = 'aquamall_test_listen';

it('backs off from 250 ms to at most 1 s', () => {
  expect([0, 1, 2, 3, 10].map(reconnectDelayMs)).toEqual([250, 500, 1_000, 1_000, 1_000]);
});

describe.skipIf(testDbKind !== 'pg')('a LISTEN connection that drops', () => {
  let url: string;
  let admin: import('pg').Client;
  let proxy: TcpProxy;
  let close: () => Promise<void>;
  let channel: PgChannel;
  const heard: string[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    ({ url, admin, proxy, close } = await createPgDatabaseBehindProxy());
    channel = await listenPg(proxy.via(url), CHANNEL, (p) => heard.push(p), { warn: (_o, m) => warnings.push(m) }, 'test listener');
  });
  afterAll(async () => {
    await channel?.stop();
    await close?.();
  });

  /** NOTIFYs `payload` until the channel hears it (a notify sent before the LISTEN is lost by design). */
  async function hears(payload: string) {
    await expect
      .poll(
        async () => {
          await admin.query('select pg_notify($1, $2)', [CHANNEL, payload]);
          return heard.includes(payload);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  }

  it('hears notifications, and again after its backend is terminated', async () => {
    await hears('before');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'aquamall test listener'`,
    );
    await expect.poll(() => warnings.includes('test listener lost its connection; reconnecting')).toBe(true);
    await hears('after termination');
    expect(channel.connected).toBe(true);
  });

  it('re-LISTENs once the database accepts connections again after an outage', async () => {
    const warned = warnings.length;
    await proxy.outage(2_000);
    // It tried (and was refused) during the outage, with backoff rather than in a tight loop.
    const refused = warnings.slice(warned).filter((w) => w === 'test listener could not connect; retrying').length;
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(refused).toBeLessThanOrEqual(6);
    await hears('after outage');
    // One connection, not one per failed attempt.
    const res = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where application_name = 'aquamall test listener'`,
    );
    expect(res.rows[0]!.n).toBe(1);
  });
});
