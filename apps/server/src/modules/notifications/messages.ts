import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const notificationsErrors = defineErrors({
  LIVE_WEBSOCKET_REQUIRED: { kind: 'invalid', message: '请通过 WebSocket 连接' },
  ORDER_RECEIVERS_SUPPLIER_ONLY: { kind: 'forbidden', message: '仅供应商可设置订单消息接收人' },
  ORDER_RECEIVER_USER_NOT_FOUND: { kind: 'notFound', message: '所选用户不存在' },
  ORDER_RECEIVER_ROLE_NOT_FOUND: { kind: 'notFound', message: '所选角色不存在' },
});

/** Raises one of this module's errors: `throw fail('LIVE_WEBSOCKET_REQUIRED')`. */
export const fail = raiserOf(notificationsErrors);
