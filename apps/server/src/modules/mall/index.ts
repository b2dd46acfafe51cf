// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { bidDetail, published } from './bid/service.ts';
export { expiredSql, publicEnquiry } from './enquiry/service.ts';
export { cachedGoodsDetail, forgetGoodsDetails } from './goods/detail-cache.ts';
export { visible } from './notice/service.ts';
export { default as mallRoutes } from './routes.ts';
export { productCountSql } from './shops/card.ts';
