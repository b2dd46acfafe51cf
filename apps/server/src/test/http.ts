import type { FastifyInstance } from 'fastify';
import { TEST_PASSWORD } from './factories/users.ts';

/** The answer envelope every API route sends. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/**
 * Calls the API through inject (as the token's holder when given) and returns the envelope. Without T the data is
 * untyped, as tests read deep into answers they assert on (the routes' own types are checked by their callers).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  app: FastifyInstance,
  token: string | null | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<Envelope<T>> {
  const res = await app.inject({
    method,
    url,
    headers: token ? { 'x-token': token } : {},
    ...(method === 'POST' ? { payload: (payload ?? {}) as object } : {}),
  });
  return res.json();
}

/** POSTs the body as it is (undefined sends none) and returns the envelope. */
export async function post<T = unknown>(app: FastifyInstance, url: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await app.inject({ method: 'POST', url, payload: body as object, headers: token ? { 'x-token': token } : {} });
  return res.json();
}

export function get<T = unknown>(app: FastifyInstance, url: string, token?: string) {
  return call<T>(app, token, 'GET', url);
}

/** Signs in through the login API. */
export function login(app: FastifyInstance, account: string, password = TEST_PASSWORD, extra: object = {}) {
  return post<{ authToken: string; userInfo: { userId: number } }>(app, '/api/appuser/login', { account, password, ...extra });
}
