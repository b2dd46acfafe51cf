// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { seedDemoInvoices } from './demo.ts';
export { invoiceFileParties } from './file-parties.ts';
export { invoiceCounts } from './queries.ts';
export { default as invoiceRoutes } from './routes.ts';
export { orderInvoiceNet } from './state.ts';
