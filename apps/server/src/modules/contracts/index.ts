// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { assertContractAllowsShipping, assertNoLiveContract, contractOrderHooks } from './gate.ts';
export { default as contractRoutes } from './routes.ts';
export { contractsForAward } from './service.ts';
