import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const notificationsErrors = defineErrors({
  LIVE_WEBSOCKET_REQUIRED: { kind: 'invalid', message: '请通过 WebSocket 连接' },
});

/** Raises one of this module's errors: `throw fail('LIVE_WEBSOCKET_REQUIRED')`. */
export const fail = raiserOf(notificationsErrors);
