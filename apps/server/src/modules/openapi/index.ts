// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { default as openApiAuth } from './authenticate.ts';
export { webhookConsumer } from './event-consumer.ts';
export { default as openApiRoutes } from './routes.ts';
export { emitWebhookEvents } from './webhooks.ts';
