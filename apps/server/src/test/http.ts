import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { TEST_PASSWORD } from './factories/users.ts';
import { DEMO_TOTP_SECRET } from './factories/two-factor.ts';

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

/**
 * Signs in through the login API. A user with two-factor sign-in on (platform administrators of the factories)
 * passes the second step with a code of the demo secret: the earliest of the steps the server accepts that no
 * earlier sign-in used (the replay guard refuses a step twice).
 */
export async function login(app: FastifyInstance, account: string, password = TEST_PASSWORD, extra: object = {}) {
  type Answer = { authToken: string; userInfo: { userId: number } };
  const first = await post<Answer & { twoFactor?: { token: string } }>(app, '/api/appuser/login', { account, password, ...extra });
  const pending = first.code === 0 ? first.data.twoFactor : undefined;
  if (!pending) return first as Envelope<Answer>;
  return passSecondStep<Answer>(app, pending.token);
}

/** Completes a pending sign-in with a code of the demo secret (the earliest step the server still accepts). */
export async function passSecondStep<T = { authToken: string; userInfo: { userId: number } }>(app: FastifyInstance, pendingToken: string) {
  let answer: Envelope<T> | null = null;
  for (const offset of [-1, 0, 1]) {
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    answer = await post<T>(app, '/api/appuser/2fa/verify', { token: pendingToken, code });
    if (answer.code === 0) break;
  }
  return answer!;
}
