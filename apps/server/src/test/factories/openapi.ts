import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SIGN_HEADERS } from '@aquamall/shared';
import { sign } from '../../modules/openapi/signing.ts';

export interface TestApiKey {
  accessKeyId: string;
  secret: string;
}

/** The headers of a signed open-platform call (docs/operations.md#open-platform-signing). */
export function signedHeaders(
  key: TestApiKey,
  method: string,
  target: string,
  body: string,
  over: { timestamp?: string; nonce?: string; signature?: string } = {},
): Record<string, string> {
  const timestamp = over.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = over.nonce ?? crypto.randomBytes(16).toString('hex');
  const signature = over.signature ?? sign(key.secret, { method, target, timestamp, nonce, body });
  return {
    [SIGN_HEADERS.key]: key.accessKeyId,
    [SIGN_HEADERS.timestamp]: timestamp,
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.signature]: signature,
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/** A signed call through the app (inject); answers the envelope and the error identity. */
export async function signedCall(
  app: FastifyInstance,
  key: TestApiKey,
  method: 'GET' | 'POST',
  target: string,
  payload?: unknown,
  over: Parameters<typeof signedHeaders>[4] = {},
) {
  const body = method === 'POST' ? JSON.stringify(payload ?? {}) : '';
  const res = await app.inject({ method, url: target, headers: signedHeaders(key, method, target, body, over), payload: body || undefined });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { ...(res.json() as { code: number; message: string; data: any }), identity: res.headers['x-error-id'] as string | undefined };
}
