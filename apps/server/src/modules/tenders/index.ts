// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
// The sealed reader registers who may read bid documents with the file host (files/access.ts).
import './sealed.ts';
export { purchaserLink, supplierLink } from './common.ts';
export { seedDemoTenders } from './demo.ts';
export { performTenderAward } from './purchaser.ts';
export { default as tenderRoutes } from './routes.ts';
