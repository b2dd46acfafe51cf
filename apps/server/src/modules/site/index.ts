// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { CompressedText, JsonCache, JsonEntry, SESSIONLESS, cacheFor, invalidateSiteData, sendEntry } from './cache.ts';
export { default as featuresRoutes } from './features-routes.ts';
export { default as siteRoutes } from './routes.ts';
export { siteSettings } from './service.ts';
export { listSettings, saveSetting } from './settings.ts';
