import fastJson from 'fast-json-stringify';
import { z } from 'zod';

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

type JsonSchema = Record<string, unknown>;

/** Keywords fast-json-stringify would act on that zod only validates: a Date stays an ISO string as today. */
const DROPPED_KEYWORDS = new Set(['$schema', 'format', 'pattern', 'propertyNames', 'minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'description']);
/** Combinators fast-json-stringify resolves by validating each branch at run time: such routes keep the zod path. */
const UNSUPPORTED = new Set(['$ref', '$defs', 'definitions', 'allOf', 'oneOf', 'not', 'if', 'then', 'else']);

/**
 * The JSON Schema of an answer as fast-json-stringify needs it, or undefined when the route keeps the zod path:
 * unions other than "X or null", references, intersections.
 */
function forStringify(node: JsonSchema): JsonSchema | undefined {
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (UNSUPPORTED.has(k)) return undefined;
    if (DROPPED_KEYWORDS.has(k)) continue;
    if (k === 'anyOf') {
      const branches = v as JsonSchema[];
      const other = branches.filter((b) => b.type !== 'null');
      if (branches.length !== 2 || other.length !== 1 || typeof other[0]!.type !== 'string') return undefined;
      const inner = forStringify(other[0]!);
      if (!inner) return undefined;
      Object.assign(out, inner, { nullable: true });
    } else if (k === 'properties') {
      const props: JsonSchema = {};
      for (const [name, sub] of Object.entries(v as Record<string, JsonSchema>)) {
        const compiled = forStringify(sub);
        if (!compiled) return undefined;
        props[name] = compiled;
      }
      out.properties = props;
    } else if (k === 'items' || k === 'additionalProperties' || k === 'additionalItems') {
      if (typeof v === 'boolean') out[k] = v;
      else if (Array.isArray(v)) {
        const items = v.map((x: JsonSchema) => forStringify(x));
        if (items.some((x) => !x)) return undefined;
        out[k] = items;
      } else {
        const sub = forStringify(v as JsonSchema);
        if (!sub) return undefined;
        out[k] = sub;
      }
    } else out[k] = v;
  }
  if (Array.isArray(out.required) && out.properties) {
    // fast-json-stringify writes required properties before optional ones; zod writes the schema's order. Only
    // the leading required properties stay required, so both orders are the same (the rest are written when
    // present, which only differs from zod on an answer zod refuses).
    const required = new Set(out.required as string[]);
    const keys = Object.keys(out.properties);
    const firstOptional = keys.findIndex((k) => !required.has(k));
    out.required = firstOptional < 0 ? keys : keys.slice(0, firstOptional);
  }
  return out;
}

/**
 * A compiled serializer for an answer schema (zod → JSON Schema, io 'output' → fast-json-stringify): keys in the
 * schema's order, keys it does not name dropped, dates as ISO strings — the bytes of the zod path without
 * stringify → parse → zod → stringify. Undefined when the schema cannot be compiled (transforms, unions, …).
 */
export function compileAnswer(schema: z.ZodType): ((payload: unknown) => string) | undefined {
  try {
    const json = forStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema);
    return json ? fastJson(json as unknown as Parameters<typeof fastJson>[0]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serialises answers of routes registered with a response schema (lib/route.ts); error envelopes (code ≠ 0)
 * pass as they are.
 *
 * Production: the route's compiled serializer (compileAnswer), one pass over the answer. A route whose schema
 * does not compile keeps the zod path: the payload is turned into JSON (dates become strings), parsed back,
 * checked by zod (keys the schema does not name are dropped) and stringified.
 *
 * `strict` (development and tests): always the zod path, a key the schema does not name is an error (a schema
 * that forgot a field fails the tests, not the user), and the compiled serializer must produce the very same
 * bytes — every test answer checks the equivalence production relies on.
 */
export function answerSerializer(strict: boolean): SerializerCompiler {
  const compile = ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) => {
    const route = `${method} ${url}`;
    // Compiled on the route's first answer, not at start: ~300 routes' serializers held from boot cost an idle
    // worker 10–14 MB (147–157 → 133–139 MB RSS, `npm run bench` idle figures, 2026-11-24), and most routes of
    // a worker never answer.
    let compiled: ((payload: unknown) => string) | undefined | null = null;
    const serializer = () => (compiled === null ? (compiled = compileAnswer(schema)) : compiled);
    const viaZod = (payload: unknown) => {
      const wire: unknown = JSON.parse(JSON.stringify(payload));
      const result = schema.safeParse(wire);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new AnswerShapeError(route, `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
      }
      if (strict) {
        const dropped = droppedKeys(wire, result.data, '');
        if (dropped.length) throw new AnswerShapeError(route, `fields not in the schema: ${dropped.slice(0, 5).join(', ')}`);
      }
      return JSON.stringify(result.data);
    };
    const isAnswer = (payload: unknown) => Boolean(payload) && typeof payload === 'object' && (payload as { code?: unknown }).code === 0;
    if (!strict) {
      return (payload: unknown) => {
        if (!isAnswer(payload)) return JSON.stringify(payload);
        const fast = serializer();
        return fast ? fast(payload) : viaZod(payload);
      };
    }
    return (payload: unknown) => {
      if (!isAnswer(payload)) return JSON.stringify(payload);
      const expected = viaZod(payload);
      const fast = serializer();
      if (fast) {
        let got: string;
        try {
          got = fast(payload);
        } catch (e) {
          throw new AnswerShapeError(route, `the compiled serializer failed: ${(e as Error).message}`);
        }
        if (got !== expected) throw new AnswerShapeError(route, `the compiled serializer differs from zod: ${firstDifference(got, expected)}`);
      }
      return expected;
    };
  };
  return compile as unknown as SerializerCompiler;
}

/** Where two serialisations part, with a little context, for the error. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(Math.max(0, i - 40), i + 40)}… against …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}
