// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { notifyDecision } from './decision.ts';
export { noticeConsumer } from './event-consumer.ts';
export { unreadTotal } from './inbox.ts';
export { registerLivePush } from './live.ts';
export type { Notice } from './notify.ts';
export { notify, notifyManyQuery } from './notify.ts';
export { channelsOf } from './outbound.ts';
export { default as notificationRoutes } from './routes.ts';
