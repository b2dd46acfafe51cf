// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { ApprovedAward, AwardPerformer, AwardSubmission } from './awards.ts';
export { registerAwardPerformer, routeAward, routeCallOff, waitingEnquiryAward, waitingLotAwards } from './awards.ts';
export { userName } from './departments.ts';
export { approvalGate } from './gate.ts';
export { default as approvalRoutes } from './routes.ts';
