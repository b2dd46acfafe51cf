import type { z } from 'zod';
import { Code } from './envelope.ts';

/**
 * Errors as identities (docs/errors.md, docs/decisions/0189-error-identities.md). Every business error the server
 * raises has a string identity (`CHECKOUT_PRICE_CHANGED`) declared once in its module's catalogue with its
 * kind and its Chinese text; the kind alone decides the envelope code and the HTTP status, through this map.
 */
export const ERROR_KINDS = {
  /** Bad input or a rule the caller can fix (参数错误 and friends). */
  invalid: { code: Code.INVALID, status: 200 },
  notFound: { code: Code.NOT_FOUND, status: 200 },
  forbidden: { code: Code.FORBIDDEN, status: 200 },
  /** The record is not in a state that allows it any more (someone else moved it, a price changed). */
  conflict: { code: Code.CONFLICT, status: 200 },
  loginExpired: { code: Code.LOGIN_EXPIRED, status: 200 },
  rateLimited: { code: Code.RATE_LIMITED, status: 200 },
  /** The rate-limit plugin's own answer, with the HTTP status the limiter's clients expect. */
  throttled: { code: Code.RATE_LIMITED, status: 429 },
  memberRequired: { code: Code.MEMBER_REQUIRED, status: 200 },
  /** A business failure the caller cannot fix (登录失败 after a valid sign-in), kept on HTTP 200. */
  failed: { code: Code.SERVER_ERROR, status: 200 },
  unavailable: { code: Code.UNAVAILABLE, status: 503 },
} as const satisfies Record<string, { code: number; status: number }>;
export type ErrorKind = keyof typeof ERROR_KINDS;

/**
 * One entry of a module's error catalogue: its kind, its Chinese text (a function when the text names values),
 * and, for a refusal the page acts on, the schema of the `data` it carries (declared in packages/shared so the
 * endpoint descriptor lists it and the web reads it typed).
 */
export interface ErrorSpec {
  readonly kind: ErrorKind;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry narrows its own parameters
  readonly message: string | ((params: any) => string);
  readonly data?: z.ZodType;
}
export type ErrorCatalogue = Readonly<Record<string, ErrorSpec>>;

/** Declares a module's error catalogue, keeping its literal identities, kinds and parameter types. */
export const defineErrors = <const C extends ErrorCatalogue>(catalogue: C): C => catalogue;

/** The parameters an entry's text takes (none for a fixed text). */
export type ErrorParams<S extends ErrorSpec> = S['message'] extends (params: infer P) => string ? P : undefined;
/** The refusal data an entry carries (none when it declares no schema). */
export type ErrorData<S extends ErrorSpec> = S['data'] extends z.ZodType ? z.input<S['data']> : undefined;
/** What raising an entry takes: its text's parameters (if any), then its data (if any). */
export type ErrorArgs<S extends ErrorSpec> = [
  ...(ErrorParams<S> extends undefined ? [] : [params: ErrorParams<S>]),
  ...(ErrorData<S> extends undefined ? [] : [data: ErrorData<S>]),
];

/** The Chinese text of an entry (its parameters filled in). */
export function errorText(spec: ErrorSpec, params?: unknown): string {
  return typeof spec.message === 'function' ? spec.message(params) : spec.message;
}

/**
 * A refusal's `data` on the wire carries its identity as `reason` beside the declared fields, so a page tells
 * refusals apart by identity, never by text.
 */
export type RefusalData<R extends Readonly<Record<string, z.ZodType>>> = {
  [K in keyof R & string]: { reason: K } & z.output<R[K]>;
}[keyof R & string];

/** The response header that names a refused call's identity (every identity error, refusal data or not). */
export const ERROR_ID_HEADER = 'x-error-id';
