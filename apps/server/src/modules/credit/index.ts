// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { AgeingRaw } from './ageing.ts';
export { ageingOf, ageingSql, openChargesCte } from './ageing.ts';
export type { PastLine, PastOrder } from './demo.ts';
export { seedDemoCredit } from './demo.ts';
export { creditFileParties } from './file-parties.ts';
export { accountFor } from './ledger.ts';
export { debitOrder, keepExcessAsBalance, refundToAccount, reverseOrderPayment } from './pay.ts';
export { default as creditRoutes } from './routes.ts';
