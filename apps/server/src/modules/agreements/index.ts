// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { agreementOrderHooks, performCallOff, releaseDrawDown } from './call-off.ts';
export { agreementsFromAward } from './commands.ts';
export { default as agreementRoutes } from './routes.ts';
