// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { addressSnapshot, createAddress, ownAddress } from './addresses.ts';
export { addToCart, linePrices, problemOf, skuFacts, specText } from './cart.ts';
export type { GateSubmission, RequestRemark } from './checkout.ts';
export { registerCheckoutGate, requestHash } from './checkout.ts';
export { createInvoiceTitle, invoiceSnapshot, ownInvoiceTitle } from './invoice-titles.ts';
export { default as shoppingListRoutes } from './list-routes.ts';
export { fail } from './messages.ts';
export { default as buyingRoutes } from './routes.ts';
