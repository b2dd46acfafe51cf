import {
  Code,
  ERROR_KINDS,
  MSG,
  errorText,
  type ErrorArgs,
  type ErrorCatalogue,
  type ErrorKind,
} from '@aquamall/shared';

/**
 * A business error: answered as `{code, message, data}`. Business errors travel with HTTP 200 so the client's
 * response-code handling (code 1 logs out, others show the message; docs/decisions/0002) applies; transport
 * problems (bad JSON, oversize body, unknown path, crash) use HTTP statuses.
 *
 * New code raises an identity from its module's catalogue (`raise(errors, 'CHECKOUT_PRICE_CHANGED', ...)`,
 * docs/errors.md): the identity travels in the `x-error-id` header (and as `data.reason` of a refusal with data),
 * the kind decides code and status (ERROR_KINDS). The number-and-text constructor and the `invalid`/`notFound`/
 * `forbidden`/`conflict` helpers remain for modules not moved yet.
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly httpStatus = 200,
    public readonly data: unknown = null,
    /** The catalogue identity, e.g. `CHECKOUT_PRICE_CHANGED`; null for an error raised by number and text. */
    public readonly identity: string | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** An error of the given identity and kind (what `raise` builds from a catalogue entry). */
  static of(identity: string, kind: ErrorKind, message: string, data: unknown = null): AppError {
    const { code, status } = ERROR_KINDS[kind];
    return new AppError(code, message, status, data, identity);
  }
}

/**
 * Raises one entry of a module catalogue: `throw raise(authErrors, 'AUTH_BAD_PASSWORD')`,
 * `raise(productErrors, 'PRODUCT_TOO_MANY_SKUS', { max: 50 })`. The arguments are typed by the entry (its
 * text's parameters, then its refusal data); refusal data answers as `{reason: identity, ...data}`.
 */
export function raise<C extends ErrorCatalogue, K extends keyof C & string>(
  catalogue: C,
  identity: K,
  ...args: ErrorArgs<C[K]>
): AppError {
  const spec = catalogue[identity]!;
  const takesParams = typeof spec.message === 'function';
  const params = takesParams ? args[0] : undefined;
  const data = spec.data ? (takesParams ? args[1] : args[0]) : undefined;
  const wire = data === undefined ? null : { reason: identity, ...(data as object) };
  return AppError.of(identity, spec.kind, errorText(spec, params), wire);
}

/** The raise function of one catalogue: `const fail = raiserOf(authErrors); throw fail('AUTH_BAD_PASSWORD')`. */
export const raiserOf =
  <C extends ErrorCatalogue>(catalogue: C) =>
  <K extends keyof C & string>(identity: K, ...args: ErrorArgs<C[K]>): AppError =>
    raise(catalogue, identity, ...args);

/** True when `err` is the catalogue error of that identity (for code that reacts to one refusal). */
export const isError = (err: unknown, identity: string): err is AppError =>
  err instanceof AppError && err.identity === identity;

/** Kernel errors every module may raise (lib/ and plugins/ raise only these). */
export const commonErrors = {
  INVALID_PARAMS: { kind: 'invalid', message: MSG.invalidParams },
  NOT_FOUND: { kind: 'notFound', message: MSG.recordNotFound },
  FORBIDDEN: { kind: 'forbidden', message: MSG.forbidden },
  LOGIN_EXPIRED: { kind: 'loginExpired', message: MSG.loginExpired },
  NOT_LOGGED_IN: { kind: 'loginExpired', message: MSG.notLoggedIn },
  RATE_LIMITED: { kind: 'rateLimited', message: MSG.tooManyRequests },
  SERVICE_BUSY: { kind: 'unavailable', message: MSG.busy },
} as const satisfies ErrorCatalogue;

// Old helpers, for texts a
// module raises but does not own (state-table refusals): number and free text, no identity.
// Called without a text they raise the common identity.
export const invalid = (message?: string) =>
  message === undefined ? raise(commonErrors, 'INVALID_PARAMS') : new AppError(Code.INVALID, message);
export const notFound = (message?: string) =>
  message === undefined ? raise(commonErrors, 'NOT_FOUND') : new AppError(Code.NOT_FOUND, message);
export const forbidden = (message?: string) =>
  message === undefined ? raise(commonErrors, 'FORBIDDEN') : new AppError(Code.FORBIDDEN, message);
export const conflict = (message: string) => new AppError(Code.CONFLICT, message);
export const loginExpired = (message?: string) =>
  message === undefined ? raise(commonErrors, 'LOGIN_EXPIRED') : new AppError(Code.LOGIN_EXPIRED, message);
/** The database connection was lost or refused (db/connection-errors.ts): HTTP 503, retry later. */
export const serviceBusy = () => raise(commonErrors, 'SERVICE_BUSY');
export const rateLimited = (message?: string) =>
  message === undefined ? raise(commonErrors, 'RATE_LIMITED') : new AppError(Code.RATE_LIMITED, message);
