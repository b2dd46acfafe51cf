// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { inTransaction, rmaLink, transition } from './common.ts';
export { seedDemoAftersales } from './demo.ts';
export { default as rmaDisputeRoutes } from './dispute-routes.ts';
export { rmaFileParties } from './file-parties.ts';
export { isRmaParty } from './lookups.ts';
export { rmaParcelDelivered } from './parcel-delivered.ts';
export { rmaCounts } from './queries.ts';
export { refundedFen, refundedFenByOrder } from './returns.ts';
export { default as aftersalesRoutes } from './routes.ts';
