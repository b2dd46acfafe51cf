import { z } from 'zod';
import {
  contractPriceIdInput,
  contractPriceInput,
  contractPriceListQuery,
  contractPriceRow,
  contractPriceUpdateInput,
  contractSkuOption,
  contractSkuQuery,
  contractPriceImportResult,
  customerGroupCreateInput,
  customerGroupIdInput,
  customerGroupListQuery,
  customerGroupMember,
  customerGroupMembersInput,
  customerGroupMembersQuery,
  customerGroupRenameInput,
  customerGroupRow,
  myPricesAnswer,
  myPricesInput,
} from '../contracts/pricing.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, COMPANY, endpoint, raw } from './endpoint.ts';
import { CREATES, exempt, OWN_ONLY, probedIn } from './isolation.ts';

/** A supplier's contract prices are part of its selling terms: 报价 (quotation:manage), like framework agreements. */
const seller = can('quotation:manage');
const probed = probedIn('modules/pricing/contract-prices.test.ts');
const probedLists = probedIn('modules/pricing/price-lists.test.ts');

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

/** Price lists in Excel: template and upload (all rows checked; any bad row: nothing imported). */
export const contractPriceImportEndpoints = {
  contractPriceTemplate: endpoint({
    method: 'GET',
    path: '/api/contractPrice/template',
    summary: 'The Excel template of a contract price list (sheet 协议价 and 填写说明)',
    access: seller,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    isolation: exempt('a blank template: no record data'),
  }),
  contractPriceImport: endpoint({
    method: 'POST',
    path: '/api/contractPrice/import',
    summary:
      'Upload a price list (multipart field `file`, .xlsx ≤ 5 MB): every row checked; rows with 规则编号 change that rule, others create one; any bad row imports nothing',
    access: seller,
    response: contractPriceImportResult,
    isolation: probedLists,
  }),
};

/** The supplier's customer groups (客户分组), targets of contract prices; the same permission as 协议价管理. */
export const customerGroupEndpoints = {
  customerGroupList: endpoint({
    method: 'POST',
    path: '/api/customerGroup/list',
    summary: "The caller supplier's customer groups, by name, paged, with member and rule counts",
    access: seller,
    body: customerGroupListQuery,
    response: pagedOf(customerGroupRow),
    isolation: OWN_ONLY,
  }),
  customerGroupCreate: endpoint({
    method: 'POST',
    path: '/api/customerGroup/create',
    summary: 'Create a customer group (name unique per supplier)',
    access: seller,
    body: customerGroupCreateInput,
    response: z.object({ id: z.number().int() }),
    isolation: CREATES,
  }),
  customerGroupRename: endpoint({
    method: 'POST',
    path: '/api/customerGroup/rename',
    summary: 'Rename a customer group',
    access: seller,
    body: customerGroupRenameInput,
    response: noData,
    isolation: probedLists,
  }),
  customerGroupDelete: endpoint({
    method: 'POST',
    path: '/api/customerGroup/delete',
    summary: 'Delete a customer group no contract price names',
    access: seller,
    body: customerGroupIdInput,
    response: noData,
    isolation: probedLists,
  }),
  customerGroupMembers: endpoint({
    method: 'GET',
    path: '/api/customerGroup/members',
    summary: 'The purchaser companies of one customer group, by name, paged',
    access: seller,
    query: customerGroupMembersQuery,
    response: pagedOf(customerGroupMember),
    isolation: probedLists,
  }),
  customerGroupAddMembers: endpoint({
    method: 'POST',
    path: '/api/customerGroup/addMembers',
    summary: 'Add purchaser companies to a customer group (already members are kept once)',
    access: seller,
    body: customerGroupMembersInput,
    response: z.object({ added: z.number().int() }),
    isolation: probedLists,
  }),
  customerGroupRemoveMembers: endpoint({
    method: 'POST',
    path: '/api/customerGroup/removeMembers',
    summary: 'Remove purchaser companies from a customer group',
    access: seller,
    body: customerGroupMembersInput,
    response: noData,
    isolation: probedLists,
  }),
};
