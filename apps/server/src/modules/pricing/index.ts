// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { ResolvedPrice } from './resolve.ts';
export { recordPriceUses, resolvePrices } from './resolve.ts';
export { default as pricingRoutes } from './routes.ts';
