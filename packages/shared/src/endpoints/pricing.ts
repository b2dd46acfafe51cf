import { z } from 'zod';
import {
  contractPriceIdInput,
  contractPriceInput,
  contractPriceListQuery,
  contractPriceRow,
  contractPriceUpdateInput,
  contractSkuOption,
  contractSkuQuery,
  myPricesAnswer,
  myPricesInput,
} from '../contracts/pricing.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, COMPANY, endpoint, raw } from './endpoint.ts';
import { exempt, OWN_ONLY, probedIn } from './isolation.ts';

/** A supplier's contract prices are part of its selling terms: 报价 (quotation:manage), like framework agreements. */
const seller = can('quotation:manage');
const probed = probedIn('modules/pricing/contract-prices.test.ts');

/** The supplier's contract price rules (协议价管理, docs/product/prices.md#contract-prices). */
export const contractPriceEndpoints = {
  contractPriceList: endpoint({
    method: 'POST',
    path: '/api/contractPrice/list',
    summary: "The caller supplier's contract price rules, filtered by purchaser, SKU and validity, paged, with cap use",
    access: seller,
    body: contractPriceListQuery,
    response: pagedOf(contractPriceRow),
    isolation: OWN_ONLY,
  }),
  contractPriceExport: endpoint({
    method: 'POST',
    path: '/api/contractPrice/export',
    summary: "The caller supplier's filtered contract price rules as an Excel workbook (one row per rule)",
    access: seller,
    body: contractPriceListQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    isolation: OWN_ONLY,
  }),
  contractPriceSkus: endpoint({
    method: 'GET',
    path: '/api/contractPrice/skus',
    summary: "SKUs of the caller's own catalogue whose code or product name contains the keyword (at most 20)",
    access: seller,
    query: contractSkuQuery,
    response: z.array(contractSkuOption),
    isolation: OWN_ONLY,
  }),
  contractPriceCreate: endpoint({
    method: 'POST',
    path: '/api/contractPrice/create',
    summary: 'Create one rule per SKU for a purchaser company or customer group; overlapping rules are refused',
    access: seller,
    body: contractPriceInput,
    response: z.object({ ids: z.array(z.number().int()) }),
    isolation: probed,
  }),
  contractPriceEdit: endpoint({
    method: 'POST',
    path: '/api/contractPrice/edit',
    summary: "Change one rule's price, tiers, validity, cap or remark",
    access: seller,
    body: contractPriceUpdateInput,
    response: noData,
    isolation: probed,
  }),
  contractPriceEnd: endpoint({
    method: 'POST',
    path: '/api/contractPrice/end',
    summary: 'End a rule today: it no longer applies (kept with its use for the record)',
    access: seller,
    body: contractPriceIdInput,
    response: noData,
    isolation: probed,
  }),
  contractPriceDelete: endpoint({
    method: 'POST',
    path: '/api/contractPrice/delete',
    summary: 'Delete a rule no order has bought at (a used one can only be ended)',
    access: seller,
    body: contractPriceIdInput,
    response: noData,
    isolation: probed,
  }),
};

/** The signed-in purchaser's own negotiated prices, overlaid on the public (cached) goods answers. */
export const myPriceEndpoints = {
  pricingMine: endpoint({
    method: 'POST',
    path: '/api/pricing/mine',
    summary: "The caller company's negotiated unit prices (quantity 1) for the SKUs of the products on screen",
    access: COMPANY,
    body: myPricesInput,
    response: myPricesAnswer,
    isolation: exempt("answers the caller company's own prices only; the product ids name public catalogue records"),
  }),
};
