// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { codesErrors } from './messages.ts';
export { default as codesRoutes } from './routes.ts';
export { registerCodeRecipients } from './send.ts';
export { CODE_TTL_MIN, checkCode, issueCode, requireCode } from './service.ts';
