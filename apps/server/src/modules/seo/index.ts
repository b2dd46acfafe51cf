// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { PublicPage } from './pages.ts';
export { isPublicPath, publicPage } from './pages.ts';
export { renderPage } from './render.ts';
export { default as seoRoutes } from './routes.ts';
export { IndexTemplate } from './template.ts';
