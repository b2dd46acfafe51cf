import type { FastifyInstance } from 'fastify';
import { ERROR_ID_HEADER } from '@aquamall/shared';
import type { Endpoint, EndpointData, EndpointInput, EndpointRefusal } from '@aquamall/shared/endpoints';
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

/**
 * The answer of `callEndpoint`: the envelope typed by the descriptor (`data` as the success answers it; a declared
 * refusal's data is read with `refusal`), and the error's identity (`x-error-id`, e.g. `CHECKOUT_PRICE_CHANGED`)
 * so a test can branch on the identity rather than the text.
 */
export interface EndpointAnswer<E extends Endpoint> extends Envelope<EndpointData<E>> {
  readonly identity: string | null;
  /** The declared refusal the answer carries (typed by the descriptor's `refusals`), else null. */
  readonly refusal: EndpointRefusal<E> | null;
}

/**
 * Calls an endpoint by its shared descriptor (`e.checkoutSubmit`), not by a URL string: method and path come from
 * the descriptor (`:name` path parameters filled from the input), the input is typed by it and sent as the body
 * (POST/PUT) or the query string (GET/DELETE); `headers` adds request headers (e.g. `idempotency-key`).
 */
export async function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  token: string | null | undefined,
  e: E,
  input?: EndpointInput<E>,
  headers: Record<string, string> = {},
): Promise<EndpointAnswer<E>> {
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
  let url = e.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  const hasBody = e.method === 'POST' || e.method === 'PUT';
  if (!hasBody) {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) query.append(k, String(v));
    if (query.size) url += `?${query.toString()}`;
  }
  const res = await app.inject({
    method: e.method,
    url,
    headers: { ...headers, ...(token ? { 'x-token': token } : {}) },
    ...(hasBody ? { payload: input === undefined ? {} : (rest as object) } : {}),
  });
  const envelope = res.json() as Envelope<EndpointData<E>>;
  const identity = res.headers[ERROR_ID_HEADER];
  const data = envelope.data as unknown;
  const refusal =
    envelope.code !== 0 && data && typeof data === 'object' && 'reason' in data ? (data as EndpointRefusal<E>) : null;
  return { ...envelope, identity: typeof identity === 'string' ? identity : null, refusal };
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
