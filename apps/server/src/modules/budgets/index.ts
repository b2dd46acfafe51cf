// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { Shortfall } from './ledger.ts';
export { budgetOrderHooks, budgetShortfall, consumeBudgets, exceeded, overBudgetSetting, releaseBudget } from './ledger.ts';
export { default as budgetRoutes } from './routes.ts';
