import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import errorsPlugin from './errors.ts';

/** The safety net: a value the database refuses is the caller's mistake (code 2), anything else stays hidden. */
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
    const other = Object.assign(new Error('connection lost'), { cause: Object.assign(new Error('x'), { code: '08006' }) });
    expect(await answer(other)).toEqual({ status: 500, body: { code: 500, message: '服务器系统异常', data: null } });
  });
});
