// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { parcelLabel, registerParcelDelivered, shipmentDeliveries } from './delivered.ts';
export { startParcel } from './parcels.ts';
export type { DocumentParty } from './parties.ts';
export { registerParcelParties } from './parties.ts';
export { default as trackingRoutes } from './routes.ts';
