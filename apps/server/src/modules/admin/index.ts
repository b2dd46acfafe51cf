// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { default as adminCatalogRoutes } from './catalog-routes.ts';
export { default as adminContentRoutes } from './content-routes.ts';
export { createPlatformAdmin } from './create-admin.ts';
export { default as adminGuard } from './guard.ts';
export { default as adminMenuRoutes } from './menu-routes.ts';
export { default as adminReviewRoutes } from './review-routes.ts';
export { default as adminCompanyRoutes } from './routes.ts';
export { default as adminTradeRoutes } from './trade/routes.ts';
