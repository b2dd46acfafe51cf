// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { seedDemoDiscussions } from './demo-discussions.ts';
export { seedDemoCatalogue } from './demo.ts';
export { resanitiseOnce, shownDescription, storedDescription } from './description.ts';
export { default as discussionRoutes } from './discussion-routes.ts';
export { default as productImportRoutes } from './import-routes.ts';
export type { PurchasedLines } from './purchased-lines.ts';
export { registerPurchasedLines } from './purchased-lines.ts';
export { default as productReviewRoutes } from './review-routes.ts';
export { default as productRoutes } from './routes.ts';
export type { StockMove } from './stock-ledger.ts';
export { moveStock, planLockedMoves, writeLockedMoves } from './stock-ledger.ts';
