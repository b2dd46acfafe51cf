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

describe('validation messages', () => {
  async function refusal(body: unknown) {
    const { serializerCompiler, validatorCompiler } = await import('fastify-type-provider-zod');
    const { z } = await import('@aquamall/shared');
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const schema = z.object({
      proofFiles: z.array(z.string()).min(1, '请上传付款凭证'),
      contact: z.object({ phone: z.string().describe('联系电话') }),
      note: z.string().max(3).meta({ label: '备注' }).optional(),
    });
    app.post('/v', { schema: { body: schema }, config: { endpoint: { body: schema } as never } }, async () => ({}));
    const res = await app.inject({ method: 'POST', url: '/v', payload: body as object });
    await app.close();
    return res.json() as { code: number; message: string; data: unknown };
  }

  it('never shows the English field name: the contract text alone, or with the Chinese label', async () => {
    const noProof = await refusal({ proofFiles: [], contact: { phone: '1' } });
    expect(noProof).toEqual({ code: 2, message: '请上传付款凭证', data: null });
    const noPhone = await refusal({ proofFiles: ['a'], contact: {} });
    expect(noPhone.message).toMatch(/（联系电话）$/);
    expect(noPhone.message).not.toMatch(/phone|contact/);
    const longNote = await refusal({ proofFiles: ['a'], contact: { phone: '1' }, note: 'abcdef' });
    expect(longNote.message).toMatch(/（备注）$/);
    expect(longNote.message).not.toMatch(/note/);
  });
});

describe('error identities', () => {
  it('answers a catalogue error with its code, text and identity header; refusal data carries the reason', async () => {
    const { raise } = await import('../lib/errors.ts');
    const { defineErrors, z } = await import('@aquamall/shared');
    const errors = defineErrors({
      DEMO_GONE: { kind: 'notFound', message: '演示记录不存在' },
      DEMO_TOO_MANY: { kind: 'invalid', message: (p: { max: number }) => `最多${p.max}个` },
      DEMO_MOVED: { kind: 'conflict', message: '已变动', data: z.object({ total: z.number() }) },
    });
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/gone', async () => {
      throw raise(errors, 'DEMO_GONE');
    });
    app.get('/many', async () => {
      throw raise(errors, 'DEMO_TOO_MANY', { max: 5 });
    });
    app.get('/moved', async () => {
      throw raise(errors, 'DEMO_MOVED', { total: 3 });
    });
    const gone = await app.inject({ method: 'GET', url: '/gone' });
    expect(gone.json()).toEqual({ code: 4, message: '演示记录不存在', data: null });
    expect(gone.headers['x-error-id']).toBe('DEMO_GONE');
    expect((await app.inject({ method: 'GET', url: '/many' })).json()).toEqual({ code: 2, message: '最多5个', data: null });
    expect((await app.inject({ method: 'GET', url: '/moved' })).json()).toEqual({
      code: 5,
      message: '已变动',
      data: { reason: 'DEMO_MOVED', total: 3 },
    });
    await app.close();
  });
});
