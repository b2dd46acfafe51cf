import type { z } from 'zod';
import type { MemberGate, PermissionCode } from '../contracts/access.ts';
import type { RefusalData } from '../errors.ts';
import type { ApiScope } from '../contracts/openapi.ts';

/**
 * Who may call an endpoint. The server derives the route's guard from it (before the body is read), the
 * OpenAPI document shows it, and a test checks it against the path (`admin` iff `/admin/api/...`).
 * - `public`: anyone; a signed-in caller is still known to the handler.
 * - `user`: any signed-in user (company user or platform administrator).
 * - `company`: a signed-in user of a company; with `permissions`, holding at least one of them (company
 *   administrators hold all of their type); with `menus`, seeing one of these workbench pages; with `gate`,
 *   passing that membership gate of docs/product/accounts.md#membership-gates; with `refusal`, a caller lacking the permissions is told that
 *   sentence instead of the generic 没有操作权限 (same check, clearer words).
 * - `admin`: a platform administrator (the /admin console).
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | {
      readonly kind: 'company';
      readonly permissions?: readonly PermissionCode[];
      readonly menus?: readonly string[];
      readonly gate?: MemberGate;
      readonly refusal?: string;
    }
  | { readonly kind: 'admin' };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const SIGNED_IN = { kind: 'user' } as const satisfies Access;
export const COMPANY = { kind: 'company' } as const satisfies Access;
export const ADMIN = { kind: 'admin' } as const satisfies Access;
/** A company user holding one of these permissions. */
export const can = (...permissions: PermissionCode[]) => ({ kind: 'company', permissions }) as const;
/**
 * A company user whose menu holds one of these workbench pages (company administrators see every page of their
 * type): the reads of the records a page lists check the page itself.
 */
export const sees = (...menus: string[]) => ({ kind: 'company', menus }) as const;
/** A company user holding one of these permissions; others are refused with `refusal` (Chinese, says what to do). */
export const canOrSay = (refusal: string, ...permissions: PermissionCode[]) =>
  ({ kind: 'company', permissions, refusal }) as const;

/**
 * An answer that is not the JSON envelope (a file, an image, a PDF, XML for a partner's callback, an HTML
 * page): the content types it may have. The OpenAPI document lists them.
 */
export interface RawResponse {
  readonly raw: readonly string[];
}
export const raw = (...contentTypes: string[]): RawResponse => ({ raw: contentTypes });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Groups of unauthenticated, costly endpoints (a captcha drawn, a QR ticket, an SMS or e-mail sent, a password
 * hash computed, an upload read) that share one limit setting each (RATE_LIMIT_<GROUP>, README "Configuration").
 */
export const RATE_LIMIT_GROUPS = ['login', 'register', 'code', 'captcha', 'qr', 'upload'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/**
 * How a company-scoped endpoint is proven never to show or change another company's records (the server's
 * isolation meta test reads it; docs/decisions/0191-jobs-and-events-spine.md):
 * - `probe`: the server test file (path under apps/server/src) in which a caller of another company calls it;
 *   that file proves at run time that it did (test/isolation-record.ts).
 * - `exempt`: why no probe is needed (it names no record of another company), in one English sentence.
 */
export type Isolation = { readonly probe: string } | { readonly exempt: string };

/**
 * One endpoint of the API, declared once: the server registers and validates the route from it (and checks
 * the answer against `response`), the web client calls it by name with types inferred end to end, and the
 * OpenAPI document describes it.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** Full path, e.g. `/api/role/list` or `/admin/api/merchant/approve`; `:name` for path parameters. */
  readonly path: string;
  /** One line in English for the API reference. */
  readonly summary: string;
  readonly access: Access;
  /** JSON (or form) body of POST/PUT. */
  readonly body?: z.ZodType;
  /** Query-string parameters. */
  readonly query?: z.ZodType;
  /** Path parameters. */
  readonly params?: z.ZodType;
  /**
   * Request headers the call needs (an object schema over lower-case names, e.g. `idempotency-key`): the server
   * validates them like the body, the OpenAPI document lists them and the web client sends them per call.
   */
  readonly headers?: z.ZodObject;
  /** The `data` of a success envelope (`{code: 0, message, data}`), or a raw answer. */
  readonly response: z.ZodType | RawResponse;
  /**
   * The rate-limit group of a costly unauthenticated endpoint: the server counts its calls per route and client
   * address against that group's limit (plugins/rate-limit.ts).
   */
  readonly rateLimit?: RateLimitGroup;
  /** Company-scoped endpoints: how their isolation is proven (required there; the isolation meta test checks it). */
  readonly isolation?: Isolation;
  /**
   * Refusals the page acts on, by identity: the `data` each carries (sent as `{reason: identity, ...data}`), so
   * the web reads it typed (`refusalOf` in apps/web/src/lib/api.ts) instead of casting. docs/errors.md.
   */
  readonly refusals?: Readonly<Record<string, z.ZodType>>;
  /**
   * Open platform (docs/product/open-platform.md): a company endpoint a signed API-key call may use, with the one
   * scope the key must hold. Without it a signed call is refused (the key never reaches any other route).
   */
  readonly apiScope?: ApiScope;
}

/** Declares an endpoint, keeping its literal types (path, method, schemas) for inference. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

export const isRawResponse = (r: Endpoint['response']): r is RawResponse =>
  typeof r === 'object' && r !== null && 'raw' in r && Array.isArray((r as RawResponse).raw);

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

type BodyOrQuery<E extends Endpoint> = E['body'] extends z.ZodType
  ? Input<E['body']>
  : E['query'] extends z.ZodType
    ? Input<E['query']>
    : undefined;
/**
 * What a caller sends: the body of POST/PUT, otherwise the query parameters; with path parameters (`:id`)
 * those too (the client fills them into the path).
 */
export type EndpointInput<E extends Endpoint> = E['params'] extends z.ZodType
  ? Input<E['params']> & (BodyOrQuery<E> extends undefined ? unknown : BodyOrQuery<E>)
  : BodyOrQuery<E>;
/** What a handler receives after validation. */
export type EndpointBody<E extends Endpoint> = Output<E['body']>;
export type EndpointQuery<E extends Endpoint> = Output<E['query']>;
export type EndpointParams<E extends Endpoint> = Output<E['params']>;
export type EndpointHeaders<E extends Endpoint> = Output<E['headers']>;
/** The `data` of the success envelope as the caller receives it. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;
/** The `data` of a refused call, one of the endpoint's declared refusals told apart by `reason` (never if none). */
export type EndpointRefusal<E extends Endpoint> = E['refusals'] extends Readonly<Record<string, z.ZodType>>
  ? RefusalData<E['refusals']>
  : never;
/** What a handler may return as `data` (before the response schema has run). */
export type EndpointHandlerData<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : never;
