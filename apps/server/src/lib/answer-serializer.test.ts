import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, isRawResponse } from '@aquamall/shared/endpoints';
import { AnswerShapeError, answerSerializer, compileAnswer } from './answer-serializer.ts';
import { successEnvelope } from './route.ts';

type Serialize = (payload: unknown) => string;
const serializerOf = (strict: boolean, schema: z.ZodType): Serialize =>
  (answerSerializer(strict) as unknown as (o: { schema: z.ZodType; method: string; url: string }) => Serialize)({ schema, method: 'POST', url: '/x' });

const row = z.object({
  sysNo: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number().int()),
  extra: z.unknown(),
  maybe: z.number().optional(),
  child: z.object({ a: z.string(), b: z.boolean() }).nullable(),
});
const envelope = successEnvelope(z.object({ list: z.array(row), total: z.number().int() }));
const payload = {
  message: 'ok', // out of the schema's order on purpose
  code: 0,
  data: {
    total: 2,
    list: [
      { name: '计量泵 "A"\n\u2028', sysNo: 1, note: null, at: new Date('2026-11-24T10:00:00.123Z'), tags: ['x'], counts: { 2: 1, 1: 3 }, extra: { z: 1, a: [null] }, child: { b: true, a: 'y', c: 'dropped' } },
      { sysNo: 2, name: '', note: 'n', at: '2026-01-01T00:00:00.000Z', tags: [], counts: {}, extra: 'e', maybe: 1.5, child: null, internal: 'dropped' },
    ],
  },
};

describe('the compiled answer serializer', () => {
  it('writes the bytes of the zod path: schema key order, unknown keys dropped, dates as ISO strings', () => {
    const compiled = compileAnswer(envelope)!;
    expect(compiled).toBeTypeOf('function');
    const viaZod = JSON.stringify(envelope.parse(JSON.parse(JSON.stringify(payload))));
    expect(compiled(payload)).toBe(viaZod);
    expect(serializerOf(false, envelope)(payload)).toBe(viaZod);
    expect(JSON.parse(viaZod).data.list[0]).not.toHaveProperty('child.c');
  });

  it('keeps the zod path for schemas it cannot compile (transforms, unions)', () => {
    expect(compileAnswer(z.object({ a: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(compileAnswer(z.object({ a: z.union([z.string(), z.object({ b: z.number() })]) }))).toBeUndefined();
    const union = successEnvelope(z.union([z.object({ token: z.string() }), z.object({ twoFactor: z.literal(true) })]));
    expect(serializerOf(false, union)({ code: 0, message: 'ok', data: { twoFactor: true, x: 1 } })).toBe('{"code":0,"message":"ok","data":{"twoFactor":true}}');
  });

  it('in strict mode refuses unknown keys and a compiled answer that differs from zod', () => {
    const strict = serializerOf(true, envelope);
    expect(() => strict(payload)).toThrow(AnswerShapeError);
    const clean = { code: 0, message: 'ok', data: { total: 0, list: [] } };
    expect(strict(clean)).toBe('{"code":0,"message":"ok","data":{"list":[],"total":0}}');
    // A non-integer for an integer: zod refuses it (fast-json-stringify alone would round it).
    expect(() => strict({ ...clean, data: { total: 1.5, list: [] } })).toThrow(/total/);
    // Error envelopes pass as they are.
    expect(strict({ code: 400, message: '参数错误', data: { any: 1 } })).toBe('{"code":400,"message":"参数错误","data":{"any":1}}');
  });

  it('compiles the answers of nearly every endpoint (the rest: recursive trees and sign-in unions)', () => {
    const typed = Object.values(endpoints as unknown as Record<string, { response?: unknown }>).filter((e) => e.response && !isRawResponse(e.response as never));
    const fallback = typed.filter((e) => !compileAnswer(successEnvelope(e.response as z.ZodType)));
    expect(typed.length).toBeGreaterThan(200);
    expect(fallback.length / typed.length).toBeLessThan(0.1);
  });
});
