import { Code, MSG } from '@aquamall/shared';

/**
 * A business error: answered as `{code, message, data: null}`. Business errors travel with HTTP 200 so the
 * client's response-code handling (docs/product/api-envelope.md#how-the-web-client-handles-codes: code 1 logs out, others show the message) applies; transport
 * problems (bad JSON, oversize body, unknown path, crash) use HTTP statuses. See docs/decisions/0002.
 */
export class AppError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly httpStatus = 200,
    public readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const invalid = (message: string = MSG.invalidParams) => new AppError(Code.INVALID, message);
export const notFound = (message: string = MSG.recordNotFound) => new AppError(Code.NOT_FOUND, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(Code.FORBIDDEN, message);
export const conflict = (message: string) => new AppError(Code.CONFLICT, message);
export const loginExpired = (message: string = MSG.loginExpired) => new AppError(Code.LOGIN_EXPIRED, message);
/** The database connection was lost or refused (db/connection-errors.ts): HTTP 503, retry later. */
export const serviceBusy = () => new AppError(Code.UNAVAILABLE, MSG.busy, 503);
export const rateLimited = (message: string = MSG.tooManyRequests) => new AppError(Code.RATE_LIMITED, message);
