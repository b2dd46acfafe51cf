import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { metrics } from '../lib/metrics.ts';
import errorsPlugin from './errors.ts';

/** The safety net: a value the database refuses is the caller's mistake (code 2), anything else stays hidden. */
/** aquamall_db_unavailable_total as /metrics shows it. */
async function unavailableCount(): Promise<number> {
  const text = await metrics.registry.metrics();
  return Number(/^aquamall_db_unavailable_total (\d+)$/m.exec(text)?.[1] ?? 0);
}

describe('error handler safety net', () => {
  async function answer(thrown: unknown) {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw thrown;
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    return { status: res.statusCode, body: res.json() as { code: number; message: string } };
  }

  it.each(['22003', '22P02', '22021', '22001'])('maps PostgreSQL data exception %s (wrapped by the driver) to 参数错误', async (code) => {
    const pgError = Object.assign(new Error('value out of range'), { code });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: pgError });
    expect(await answer(wrapped)).toEqual({ status: 200, body: { code: 2, message: '参数错误', data: null } });
    expect((await answer(pgError)).body.code).toBe(2);
  });

  it('keeps other database failures as 服务器系统异常 with HTTP 500', async () => {
    const other = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('x'), { code: '42P01' }) });
    expect(await answer(other)).toEqual({ status: 500, body: { code: 500, message: '服务器系统异常', data: null } });
    expect((await answer(new TypeError('x is undefined'))).status).toBe(500);
  });

  // A database hiccup (docs/decisions/0163-database-hiccups.md) fails the request with a clear, retryable 503.
  const lost: [string, unknown][] = [
    ['57P01 admin shutdown (wrapped by drizzle)', Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) })],
    ['57P02 crash shutdown', Object.assign(new Error('x'), { code: '57P02' })],
    ['57P03 cannot connect now', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['08006 connection failure', Object.assign(new Error('connection lost'), { cause: Object.assign(new Error('x'), { code: '08006' }) })],
    ['ECONNREFUSED in an AggregateError', new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })], 'x')],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
  ];
  it.each(lost)('maps a lost connection (%s) to 503 服务器繁忙，请稍后重试', async (_name, thrown) => {
    const counted = await unavailableCount();
    expect(await answer(thrown)).toEqual({ status: 503, body: { code: 503, message: '服务器繁忙，请稍后重试', data: null } });
    expect(await unavailableCount()).toBe(counted + 1);
  });
});
