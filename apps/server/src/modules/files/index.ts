// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export type { FilePartiesSql } from './access.ts';
export { ANYONE, fileCookiePlugin, registerFileParties } from './access.ts';
export { sniff } from './content-type.ts';
export { PRIVATE_PREFIX } from './host-routes.ts';
export { assertOwnUploads, fileKey } from './ownership.ts';
export { default as filesRoutes } from './routes.ts';
export { extensionOf } from './upload.ts';
