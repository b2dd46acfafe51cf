import { Readable } from 'node:stream';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_ID_HEADER, SIGN_HEADERS, SIGN_WINDOW_MS, type ApiScope } from '@aquamall/shared';
import type { Endpoint } from '@aquamall/shared/endpoints';
import { apiKeys, apiNonces, companies } from '../../db/schema/index.ts';
import { hitShared } from '../../lib/rate-limit-store.ts';
import type { AuthContext } from '../auth/index.ts';
import { recordApiCall } from './calls.ts';
import { fail } from './messages.ts';
import { deriveSecret, sameSignature, sign } from './signing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a signed open-platform call (docs/product/open-platform.md); null for other callers. */
    apiKey: { id: number; scopes: readonly string[] } | null;
    /** The key a signed call named, once its row was found (refused or not): the call log's owner (decision 0250). */
    apiCallOf: { keyId: number; companyId: number } | null;
    /** The envelope code of the answer of a logged call, read as it is sent. */
    apiCallCode: number | null;
  }
}

/** Calls one key may make per minute, counted on every instance together (Redis, else the database). */
export const API_CALLS_PER_MINUTE = 600;
/** The largest body a signed call may send (it is read whole to hash it before the route parses it). */
const MAX_SIGNED_BODY = 1024 * 1024;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += b.length;
    if (size > MAX_SIGNED_BODY) throw fail('SIGN_BODY_TOO_LARGE');
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

/**
 * Verifies a signed call (docs/operations.md#open-platform-signing) and answers the caller it acts as: the key's
 * company, as the user who created the key, with company-administrator standing limited by the key's scopes
 * (the scope guard below refuses every route that did not opt in). The key row is read on every call, never
 * cached, so a revoked or rotated key fails at once on every instance.
 */
export async function verifySignedCall(
  app: FastifyInstance,
  request: FastifyRequest,
  body: Buffer,
  now = Date.now(),
): Promise<{ auth: AuthContext; key: { id: number; scopes: readonly string[] } }> {
  const accessKeyId = header(request, SIGN_HEADERS.key);
  const timestamp = header(request, SIGN_HEADERS.timestamp);
  const nonce = header(request, SIGN_HEADERS.nonce);
  const signature = header(request, SIGN_HEADERS.signature);
  if (!accessKeyId || !timestamp || !nonce || !signature) throw fail('SIGN_HEADERS_MISSING');
  if (!/^\d{9,11}$/.test(timestamp) || Math.abs(now - Number(timestamp) * 1000) > SIGN_WINDOW_MS) {
    throw fail('SIGN_TIMESTAMP_OUT');
  }
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw fail('SIGN_NONCE_INVALID');
  const masterKey = app.config.openApiMasterKey;
  if (!masterKey || accessKeyId.length > 32) throw fail('SIGN_KEY_INVALID');
  const db = app.db;
  const [row] = await db
    .select({
      id: apiKeys.id,
      salt: apiKeys.salt,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      createdBy: apiKeys.createdBy,
      companyId: companies.id,
      companyType: companies.type,
      companyName: companies.name,
      companyDisabled: companies.disabled,
      memberLevel: companies.memberLevel,
      isMemberVail: companies.isMemberVail,
    })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(eq(apiKeys.accessKeyId, accessKeyId))
    .limit(1);
  if (row) request.apiCallOf = { keyId: row.id, companyId: row.companyId };
  if (!row || row.revokedAt || row.companyDisabled) throw fail('SIGN_KEY_INVALID');
  const secret = deriveSecret(masterKey, 'key', accessKeyId, row.salt);
  const expected = sign(secret, { method: request.method, target: request.url, timestamp, nonce, body });
  if (!sameSignature(expected, signature.toLowerCase())) throw fail('SIGN_MISMATCH');

  const hit = await hitShared('openapi', db, app.redis, `apikey:${row.id}`, 60_000);
  if (hit.current > API_CALLS_PER_MINUTE) throw fail('API_RATE_LIMITED');
  // The nonce is kept for twice the window (a timestamp may be up to one window ahead or behind).
  const fresh = await db
    .insert(apiNonces)
    .values({ keyId: row.id, nonce, expiresAt: new Date(now + 2 * SIGN_WINDOW_MS) })
    .onConflictDoNothing()
    .returning({ keyId: apiNonces.keyId });
  if (!fresh.length) throw fail('SIGN_NONCE_REPLAYED');
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, useCount: sql`${apiKeys.useCount} + 1` })
    .where(eq(apiKeys.id, row.id));
  if (Math.random() < 0.01) await db.delete(apiNonces).where(lt(apiNonces.expiresAt, new Date(now)));
  return {
    key: { id: row.id, scopes: row.scopes },
    auth: Object.freeze({
      sessionId: 0,
      userId: row.createdBy,
      companyId: row.companyId,
      companyType: row.companyType,
      companyName: row.companyName,
      isCompanyAdmin: true,
      isPlatformAdmin: false,
      memberLevel: row.memberLevel,
      isMemberVail: row.isMemberVail,
    }),
  };
}

/** The scope a route asks of a key: its descriptor's `apiScope`; undefined when the route is not open to keys. */
export const scopeOf = (request: FastifyRequest): ApiScope | undefined =>
  (request.routeOptions.config as { endpoint?: Endpoint }).endpoint?.apiScope;

/**
 * Signed open-platform calls on the same routes as the workbench (decision 0205): a request with x-aqm-key is
 * authenticated by its signature (never by x-token), its body read whole to hash it and handed on to the parser;
 * then every route refuses it unless its descriptor opted in with a scope the key holds. Register after the
 * session plugin and before the routes.
 */
export default fp(async function openApiAuth(app: FastifyInstance) {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('apiCallOf', null);
  app.decorateRequest('apiCallCode', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (header(request, SIGN_HEADERS.key) === undefined) return payload;
    request.auth = null;
    const body = await readAll(payload);
    const { auth, key } = await verifySignedCall(app, request, body);
    request.auth = auth;
    request.apiKey = key;
    const replay = Readable.from(body.length ? [body] : []) as Readable & { receivedEncodedLength?: number };
    replay.receivedEncodedLength = body.length;
    return replay;
  });
  // Before every route's own guards (application hooks run first): a key reaches only the routes opened to it.
  app.addHook('preValidation', async (request) => {
    const key = request.apiKey;
    if (!key) return;
    const scope = scopeOf(request);
    if (!scope) throw fail('SCOPE_NOT_OPEN');
    if (!key.scopes.includes(scope)) throw fail('SCOPE_MISSING', { scope });
  });
  // The call log (decision 0250): every call whose key was found, answered or refused, after the answer.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.apiCallOf && typeof payload === 'string') {
      const m = /^\{"code":(-?\d+)/.exec(payload);
      request.apiCallCode = m ? Number(m[1]) : null;
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const of = request.apiCallOf;
    if (!of) return;
    const errorId = reply.getHeader(ERROR_ID_HEADER);
    try {
      await recordApiCall(app.db, {
        ...of,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        httpStatus: reply.statusCode,
        code: request.apiCallCode,
        errorId: typeof errorId === 'string' ? errorId : null,
        ip: request.ip ?? '',
        durationMs: reply.elapsedTime,
      });
    } catch (err) {
      // The answer is already sent: a lost record is logged, never the caller's problem.
      request.log.warn({ err }, 'open platform call log write failed');
    }
  });
});
