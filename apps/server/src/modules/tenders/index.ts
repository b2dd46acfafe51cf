// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { purchaserLink, supplierLink } from './common.ts';
export { seedDemoTenders } from './demo.ts';
export { tenderFileParties } from './file-parties.ts';
export { performTenderAward } from './purchaser.ts';
export { default as tenderRoutes } from './routes.ts';
export { sealedBidFileParties } from './sealed.ts';
