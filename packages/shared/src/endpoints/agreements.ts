import { z } from 'zod';
import {
  agreementBuyer,
  agreementBuyerQuery,
  agreementCallOffInput,
  agreementDetail,
  agreementIdInput,
  agreementIdQuery,
  agreementInput,
  agreementListQuery,
  agreementReasonInput,
  agreementRow,
  agreementUpdateInput,
} from '../contracts/agreements.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint } from './endpoint.ts';
import { exempt, probedIn } from './isolation.ts';

/** The purchaser's calls need 采购下单 (purchase:manage), the supplier's 报价 (quotation:manage). */
const buyer = can('purchase:manage');
const seller = can('quotation:manage');
const either = can('purchase:manage', 'quotation:manage');
const probed = probedIn('modules/agreements/agreements.test.ts');

/** Framework agreements and call-off orders (docs/product/agreements.md): each call scoped to the caller's company and side. */
export const agreementEndpoints = {
  agreementList: endpoint({
    method: 'POST',
    path: '/api/agreement/list',
    summary: "The caller company's agreements (as purchaser or supplier by its type), filtered and paged",
    access: either,
    body: agreementListQuery,
    response: pagedOf(agreementRow),
    isolation: probed,
  }),
  agreementDetail: endpoint({
    method: 'GET',
    path: '/api/agreement/detail',
    summary: 'One agreement with its lines (used / remaining), call-off orders, history and the caller’s actions',
    access: either,
    query: agreementIdQuery,
    response: agreementDetail,
    isolation: probed,
  }),
  agreementBuyers: endpoint({
    method: 'GET',
    path: '/api/agreement/buyers',
    summary: 'Purchaser companies whose name contains the keyword (the supplier’s form picker, at most 20)',
    access: seller,
    query: agreementBuyerQuery,
    response: z.array(agreementBuyer),
    isolation: exempt('names of purchaser companies, public in the marketplace; no document data'),
  }),
  agreementCreate: endpoint({
    method: 'POST',
    path: '/api/agreement/create',
    summary: 'The supplier enters an agreement for one purchaser (待确认)',
    access: seller,
    body: agreementInput,
    response: z.object({ id: z.number().int(), code: z.string() }),
    isolation: probed,
  }),
  agreementEdit: endpoint({
    method: 'POST',
    path: '/api/agreement/edit',
    summary: 'The supplier corrects a pending or rejected agreement (待确认 again)',
    access: seller,
    body: agreementUpdateInput,
    response: noData,
    isolation: probed,
  }),
  agreementConfirm: endpoint({
    method: 'POST',
    path: '/api/agreement/confirm',
    summary: 'The purchaser confirms a pending agreement (生效中; expiry and reminder clocks start)',
    access: buyer,
    body: agreementIdInput,
    response: noData,
    isolation: probed,
  }),
  agreementReject: endpoint({
    method: 'POST',
    path: '/api/agreement/reject',
    summary: 'The purchaser rejects a pending agreement with a reason (已拒绝)',
    access: buyer,
    body: agreementReasonInput,
    response: noData,
    isolation: probed,
  }),
  agreementAccept: endpoint({
    method: 'POST',
    path: '/api/agreement/accept',
    summary: 'The supplier confirms an agreement made by an RFQ award (生效中; expiry and reminder clocks start)',
    access: seller,
    body: agreementIdInput,
    response: noData,
    isolation: probed,
  }),
  agreementDecline: endpoint({
    method: 'POST',
    path: '/api/agreement/decline',
    summary: 'The supplier declines an agreement made by an RFQ award with a reason (已拒绝)',
    access: seller,
    body: agreementReasonInput,
    response: noData,
    isolation: probed,
  }),
  agreementTerminate: endpoint({
    method: 'POST',
    path: '/api/agreement/terminate',
    summary: 'Either side terminates an agreement in force with a reason (已终止)',
    access: either,
    body: agreementReasonInput,
    response: noData,
    isolation: probed,
  }),
  agreementCallOff: endpoint({
    method: 'POST',
    path: '/api/agreement/callOff',
    summary:
      'The purchaser draws quantities down: one order at the agreed prices, refused beyond what remains; a call-off the approval rules catch waits as a purchase request (no order: orderId null)',
    access: buyer,
    body: agreementCallOffInput,
    response: z.object({
      orderId: z.number().int().nullable(),
      orderNo: z.string(),
      purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).optional(),
    }),
    isolation: probed,
  }),
};
