import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import fp from 'fastify-plugin';
import { Code, ERROR_ID_HEADER, MSG } from '@aquamall/shared';
import { isConnectionError } from '../db/connection-errors.ts';
import { AppError, serviceBusy } from '../lib/errors.ts';
import { failKernel } from '../lib/messages.ts';
import { metrics } from '../lib/metrics.ts';

const dbUnavailable = metrics.counter(
  'aquamall_db_unavailable_total',
  'Requests answered 503 because their database connection was lost or refused',
);

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/**
 * The Chinese label of the field at `path` in a zod schema: the field's `describe('联系电话')` or `meta({ label })`
 * when its contract gives one. Walks objects, arrays, records and the wrappers (optional, nullable, default,
 * pipes); null when the path leads nowhere known.
 */
export function fieldLabel(schema: unknown, path: readonly PropertyKey[]): string | null {
  let node = schema as z.ZodType | undefined;
  const unwrap = () => {
    for (let i = 0; i < 8 && node; i++) {
      const def = (node as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      const inner = (def.innerType ?? (def.type === 'pipe' ? def.in : undefined)) as z.ZodType | undefined;
      if (!inner) return;
      node = inner;
    }
  };
  for (const key of path) {
    unwrap();
    const def = (node as unknown as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
    if (!def) return null;
    if (def.type === 'object') node = (def.shape as Record<string, z.ZodType>)[String(key)];
    else if (def.type === 'array') node = def.element as z.ZodType;
    else if (def.type === 'record') node = def.valueType as z.ZodType;
    else return null;
  }
  if (!node) return null;
  const label = (node.meta() as { label?: unknown } | undefined)?.label ?? node.description;
  if (typeof label === 'string' && label) return label;
  unwrap();
  const inner = (node.meta() as { label?: unknown } | undefined)?.label ?? node.description;
  return typeof inner === 'string' && inner ? inner : null;
}

/** Chinese label only: a field's English name never reaches a user. */
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The Chinese message of a validation failure: the contract's text, followed by the field's Chinese label when its
 * contract declares one and the text does not already name it (`请输入正确的手机号`, `必填（联系电话）`). The
 * field's English name is never shown.
 */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const first = (error.validation?.[0] ?? {}) as ValidationIssue;
  const msg = first.params?.issue?.message ?? first.message ?? MSG.invalidParams;
  const path =
    first.params?.issue?.path ?? (first.instancePath ? first.instancePath.replace(/^\//, '').split('/') : undefined);
  const endpoint = request.routeOptions.config.endpoint;
  const part = ({ body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const)[
    (error.validationContext ?? 'body') as 'body'
  ];
  const schema = endpoint && part ? endpoint[part] : undefined;
  const label = path?.length && schema ? fieldLabel(schema, path) : null;
  return label && CHINESE.test(label) && !msg.includes(label) ? `${msg}（${label}）` : msg;
}

/**
 * PostgreSQL "data exception" codes a bad value can still raise when a route's schema let it through:
 * numeric out of range, invalid text representation, character not in repertoire / NUL, string too long,
 * bad datetime. They are the caller's input, not a server fault (safety net; routes validate first).
 */
const DATA_EXCEPTIONS = new Set(['22003', '22P02', '22021', '22001', '22007', '22008', '2201W', '2201X']);

function isDataException(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_EXCEPTIONS.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One error handler for the whole API: business errors keep their code and message; validation errors become
 * a Chinese message; a lost database connection is 503 服务器繁忙，请稍后重试; transport problems get their HTTP
 * status; anything unexpected is logged and hidden
 * behind 服务器系统异常 so no internals leak.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.identity) void reply.header(ERROR_ID_HEADER, error.identity);
      return reply.status(error.httpStatus).send({ code: error.code, message: error.message, data: error.data });
    }
    if (error.validation) {
      return reply.status(200).send({ code: Code.INVALID, message: validationMessage(error, request), data: null });
    }
    if (isConnectionError(error)) {
      // Only the requests that were using the lost connection fail; the pool opens a new one for the next.
      request.log.warn({ err: error }, 'database connection lost or refused; answered 503');
      dbUnavailable.inc();
      const busy = serviceBusy();
      return reply
        .status(busy.httpStatus)
        .header('retry-after', '1')
        .send({ code: busy.code, message: busy.message, data: null });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'database rejected a value the route did not validate');
      return reply.status(200).send({ code: Code.INVALID, message: MSG.invalidParams, data: null });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
      return reply.status(400).send({ code: Code.INVALID, message: MSG.badJson, data: null });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send({ code: Code.INVALID, message: MSG.bodyTooLarge, data: null });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      const unsupported = failKernel('UNSUPPORTED_MEDIA_TYPE');
      return reply.status(415).send({ code: unsupported.code, message: unsupported.message, data: null });
    }
    if (status === 429) {
      return reply.status(429).send({ code: Code.RATE_LIMITED, message: MSG.tooManyRequests, data: null });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: Code.INVALID, message: MSG.invalidParams, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: Code.SERVER_ERROR, message: MSG.serverError, data: null });
  });
});
