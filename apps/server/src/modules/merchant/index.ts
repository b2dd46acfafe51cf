// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { applicationLicense } from './application.ts';
export type { PayeeAccount } from './bank.ts';
export { payeeAccountById, verifiedAccountOf } from './bank.ts';
export { seedDemoApplications } from './demo.ts';
export type { ReviewDoc } from './history.ts';
export { CERTIFICATION_DOC, MEMBER_ORDER_DOC, recordReview, reviewHistory } from './history.ts';
export { openShop } from './open-shop.ts';
export { assertCanPublishGoods } from './publish-guard.ts';
export { applicationDetail, decideApplication, listApplications } from './review.ts';
export { default as merchantRoutes } from './routes.ts';
export { default as shopRoutes } from './shop-routes.ts';
