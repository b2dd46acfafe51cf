import type { Envelope } from '@aquamall/shared';

/** Wraps data in the success envelope (docs/product/api-envelope.md#response-codes: code 0). */
export function ok<T>(data: T, message = ''): Envelope<T> {
  return { code: 0, message, data };
}
