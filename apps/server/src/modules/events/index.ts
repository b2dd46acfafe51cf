// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { DomainEventRow, EventConsumer } from './dispatch.ts';
export { DOMAIN_EVENT_PRUNE, dispatchEvent, pruneDomainEvents, startDomainEvents } from './dispatch.ts';
export type { EventRecipient } from './record.ts';
export { recordEvent, recordEvents, recordFact } from './record.ts';
