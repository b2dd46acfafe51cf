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

/**
 * Serialises answers of routes registered with a response schema (lib/route.ts). The schema describes the JSON
 * on the wire, so the payload is first turned into JSON (dates become strings) and then checked; error envelopes
 * (code ≠ 0) pass as they are. Keys the schema does not name are dropped — in `strict` mode (development and
 * tests) a dropped key is an error instead, so a schema that forgot a field fails the tests, not the user.
 */
export function answerSerializer(strict: boolean): SerializerCompiler {
  const compile = ({ schema, method, url }: { schema: z.ZodType; method: string; url: string }) => {
    return (payload: unknown) => {
      if (!payload || typeof payload !== 'object' || (payload as { code?: unknown }).code !== 0) {
        return JSON.stringify(payload);
      }
      const wire: unknown = JSON.parse(JSON.stringify(payload));
      const result = schema.safeParse(wire);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new AnswerShapeError(`${method} ${url}`, `${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`);
      }
      if (strict) {
        const dropped = droppedKeys(wire, result.data, '');
        if (dropped.length) throw new AnswerShapeError(`${method} ${url}`, `fields not in the schema: ${dropped.slice(0, 5).join(', ')}`);
      }
      return JSON.stringify(result.data);
    };
  };
  return compile as unknown as SerializerCompiler;
}
