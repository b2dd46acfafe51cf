// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { readOrderCounts } from './counts.ts';
export type { NewOrder, NewOrderLine } from './create.ts';
export { createOrders, viewerOrderType } from './create.ts';
export { seedDemoOrders } from './demo.ts';
export { shanghai } from './export.ts';
export { orderFileParties } from './file-parties.ts';
export type { OrderHooks } from './hooks.ts';
export { registerOrderHooks, registerOrderInvoicing } from './hooks.ts';
export { orderPayeeAccount, payeeAccountOfOrder, refusePartPaid } from './lifecycle.ts';
export { isOrderParty, ordersOfQuotation, purchasedLines } from './lookups.ts';
export { ordersErrors } from './messages.ts';
export type { ViewerSide } from './order-tx.ts';
export { guardOrder, lockOrder, lockOrderFor, orderLink, runOrderTransition, sideOf } from './order-tx.ts';
export { orderParcelDelivered } from './parcel-delivered.ts';
export { orderDetail, orderParts } from './queries.ts';
export { default as orderRoutes } from './routes.ts';
