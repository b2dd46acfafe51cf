// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { performEnquiryAward } from './award.ts';
export { enquiryLink } from './common.ts';
export { seedDemoEnquiries } from './demo.ts';
export { enquiryFileParties } from './file-parties.ts';
export { myEnquiryCounts } from './queries.ts';
export { default as enquiryRoutes } from './routes.ts';
