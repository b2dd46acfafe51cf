import { z } from 'zod';
import {
  enquiryAwardInput,
  enquiryAwardResult,
  enquiryExtendInput,
  enquiryIdQuery,
  enquiryOfferQuery,
  enquirySaveInput,
  enquirySheetLines,
  enquiryWithdrawInput,
  myEnquiryCounts,
  myEnquiryDetail,
  myEnquiryListQuery,
  myEnquiryRow,
  offerComparison,
  offerDetail,
  offerIdQuery,
  supplierOption,
  supplierOptionQuery,
} from '../contracts/enquiries.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint, raw } from './endpoint.ts';

/** The purchaser's enquiry calls: a company user allowed to publish and manage enquiries (purchasers only). */
const buyer = can('enquiry:manage');

/** Enquiries, purchaser side (/customer/enquiry, enquiry/edit, detail, offerList, offerDetail). */
export const enquiryEndpoints = {
  enquirySave: endpoint({
    method: 'POST',
    path: '/api/enquiry/save',
    summary: 'Save an enquiry as a draft or publish it (new, or a draft edited)',
    access: buyer,
    body: enquirySaveInput,
    response: z.object({ id: z.number().int(), code: z.string(), status: z.number().int() }),
  }),
  enquiryImportLines: endpoint({
    method: 'POST',
    path: '/api/enquiry/importLines',
    summary: 'Read enquiry lines from an uploaded sheet (multipart field `file`, .xlsx): 产品名称, 规格型号, 数量, 单位, 目标单价, 备注',
    access: buyer,
    response: enquirySheetLines,
  }),
  enquiryMine: endpoint({
    method: 'POST',
    path: '/api/enquiry/mine',
    summary: "The purchaser's enquiries of one status tab, with item names and offer counts, paged",
    access: buyer,
    body: myEnquiryListQuery,
    response: pagedOf(myEnquiryRow),
  }),
  enquiryCounts: endpoint({
    method: 'GET',
    path: '/api/enquiry/counts',
    summary: "The purchaser's enquiries per status tab",
    access: buyer,
    response: myEnquiryCounts,
  }),
  enquiryMineDetail: endpoint({
    method: 'GET',
    path: '/api/enquiry/mineDetail',
    summary: 'One enquiry of the purchaser with its lines, invitations, orders of the award and allowed actions',
    access: buyer,
    query: enquiryIdQuery,
    response: myEnquiryDetail,
  }),
  enquiryExtend: endpoint({
    method: 'POST',
    path: '/api/enquiry/extend',
    summary: 'Move the deadline of an enquiry 报价中 later (the closing job moves with it)',
    access: buyer,
    body: enquiryExtendInput,
    response: noData,
  }),
  enquiryWithdraw: endpoint({
    method: 'POST',
    path: '/api/enquiry/withdraw',
    summary: 'Withdraw (撤销) an enquiry before award, with a reason; suppliers who quoted are told',
    access: buyer,
    body: enquiryWithdrawInput,
    response: noData,
  }),
  enquirySuppliers: endpoint({
    method: 'GET',
    path: '/api/enquiry/suppliers',
    summary: 'Approved supplier shops the purchaser may invite (never its own company), by name',
    access: buyer,
    query: supplierOptionQuery,
    response: z.array(supplierOption),
  }),
  enquiryOffers: endpoint({
    method: 'GET',
    path: '/api/enquiry/offers',
    summary: 'The comparison: every live offer against every line (a sealed enquiry gives counts only before its deadline)',
    access: buyer,
    query: enquiryOfferQuery,
    response: offerComparison,
  }),
  enquiryOffersExport: endpoint({
    method: 'GET',
    path: '/api/enquiry/offers/export',
    summary: 'The comparison as an Excel workbook (refused for a sealed enquiry before its deadline)',
    access: buyer,
    query: enquiryOfferQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  enquiryOfferDetail: endpoint({
    method: 'GET',
    path: '/api/enquiry/offer',
    summary: 'One offer on the purchaser’s enquiry with every version and its lines',
    access: buyer,
    query: offerIdQuery,
    response: offerDetail,
  }),
  enquiryAward: endpoint({
    method: 'POST',
    path: '/api/enquiry/award',
    summary: 'Award lines to offers (whole or split): one 询价订单 per awarded supplier, bidders told the outcome',
    access: buyer,
    body: enquiryAwardInput,
    response: enquiryAwardResult,
  }),
};
