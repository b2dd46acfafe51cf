import type { z } from 'zod';

type SerializerCompiler = Parameters<import('fastify').FastifyInstance['setSerializerCompiler']>[0];

/** The answer a handler produced does not have the shape its endpoint declares. */
export class AnswerShapeError extends Error {
  constructor(route: string, detail: string) {
    super(`${route}: answer does not match its response schema: ${detail}`);
    this.name = 'AnswerShapeError';
  }
}

/** Paths of object keys present in `wire` and absent from `parsed` (what the schema would silently drop). */
export function droppedKeys(wire: unknown, parsed: unknown, at = 'data'): string[] {
  if (Array.isArray(wire) && Array.isArray(parsed)) {
    return wire.flatMap((w, i) => droppedKeys(w, parsed[i], `${at}[${i}]`));
  }
  if (wire && typeof wire === 'object' && parsed && typeof parsed === 'object') {
    const out: string[] = [];
    for (const [k, v] of Object.entries(wire)) {
      if (!(k in parsed)) out.push(`${at}.${k}`);
      else out.push(...droppedKeys(v, (parsed as Record<string, unknown>)[k], `${at}.${k}`));
    }
    return out;
  }
  return [];
}

/** True when `parsed` (a schema's output for `wire`) lacks a key of `wire` — droppedKeys without the paths. */
export function dropsKeys(wire: unknown, parsed: unknown): boolean {
  if (Array.isArray(wire)) {
    if (!Array.isArray(parsed)) return false;
    for (let i = 0; i < wire.length; i++) if (dropsKeys(wire[i], parsed[i])) return true;
    return false;
  }
  if (wire && typeof wire === 'object' && parsed && typeof parsed === 'object') {
    for (const k in wire) {
      if (!(k in parsed)) return true;
      if (dropsKeys((wire as Record<string, unknown>)[k], (parsed as Record<string, unknown>)[k])) return true;
    }
  }
  return false;
}

// Schema kinds whose output is the input minus unknown keys: nothing added, converted or rewritten.
const PLAIN_LEAVES = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum', 'any', 'unknown', 'bigint', 'undefined']);

interface ZodDefLike {
  type: string;
  coerce?: boolean;
  checks?: { _zod?: { def?: { check?: string } } }[];
  shape?: Record<string, unknown>;
  catchall?: unknown;
  element?: unknown;
  innerType?: unknown;
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  keyType?: unknown;
  valueType?: unknown;
  items?: unknown[];
  rest?: unknown;
  getter?: () => unknown;
}

/**
 * True when a schema's output is its input with unknown object keys removed and nothing else changed (no
 * default, transform, pipe, coercion, catch or rewriting check such as trim anywhere): then an answer the
 * schema accepts without dropping a key can go out as the JSON already made, without serialising twice.
 * Unknown kinds count as not plain.
 */
export function isPlainSchema(schema: unknown, seen = new Set<unknown>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: ZodDefLike } })._zod?.def;
  if (!def) return false;
  if (def.coerce) return false;
  if (def.checks?.some((c) => c._zod?.def?.check === 'overwrite')) return false;
  const all = (xs: unknown[]) => xs.every((x) => x === undefined || isPlainSchema(x, seen));
  switch (def.type) {
    case 'object':
      return all(Object.values(def.shape ?? {})) && all([def.catchall]);
    case 'array':
      return all([def.element]);
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return all([def.innerType]);
    case 'union':
      return all(def.options ?? []);
    case 'intersection':
      return all([def.left, def.right]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'tuple':
      return all([...(def.items ?? []), def.rest]);
    case 'lazy':
      return def.getter ? all([def.getter()]) : false;
    default:
      return PLAIN_LEAVES.has(def.type);
  }
}

/**
 * Serialises answers of routes registered with a response schema (lib/route.ts). The schema describes the JSON
 * on the wire, so the payload is first turned into JSON (dates become strings) and then checked; error envelopes
 * (code ≠ 0) pass as they are. Keys the schema does not name are dropped — in `strict` mode (development and
 * tests) a dropped key is an error instead, so a schema that forgot a field fails the tests, not the user.
 * When the schema only validates (isPlainSchema) and drops nothing, the JSON made first is the answer: one
 * serialisation instead of two (decision 0086).
 */
export function answerSerializer(strict: boolean): SerializerCompiler {
  const compile = ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) => {
    const plain = isPlainSchema(schema);
    return (payload: unknown) => {
      if (!payload || typeof payload !== 'object' || (payload as { code?: unknown }).code !== 0) {
        return JSON.stringify(payload);
      }
      const json = JSON.stringify(payload);
      const wire: unknown = JSON.parse(json);
      const result = schema.safeParse(wire);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new AnswerShapeError(`${method} ${url}`, `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
      }
      if (plain && !dropsKeys(wire, result.data)) return json;
      if (strict) {
        const dropped = droppedKeys(wire, result.data, '');
        if (dropped.length) throw new AnswerShapeError(`${method} ${url}`, `fields not in the schema: ${dropped.slice(0, 5).join(', ')}`);
      }
      return JSON.stringify(result.data);
    };
  };
  return compile as unknown as SerializerCompiler;
}
