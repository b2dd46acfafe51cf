// The public face of this module: what other modules may import (docs/decisions/0212-module-faces.md).
// Kept by `node scripts/module-faces.mjs` from the actual usages; add a name by hand or re-run the script.
export { decideOffers } from './decide.ts';
export { quotationFileParties } from './file-parties.ts';
export { default as quotationRoutes } from './routes.ts';
export type { QuotationLineRecord, QuotationRecord } from './sealed.ts';
export { awardedSupplierNames, bidderCompanies, lockOffersToAward, offerEnquiryId, offersSealed, purchaserOffer, purchaserOffers } from './sealed.ts';
