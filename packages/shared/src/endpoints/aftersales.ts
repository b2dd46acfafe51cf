import {
  rmaApplyInfo,
  rmaApplyInfoQuery,
  rmaApplyInput,
  rmaCounts,
  rmaCountsQuery,
  rmaDetail,
  rmaExchangeResult,
  rmaIdInput,
  rmaIdQuery,
  rmaListQuery,
  rmaApproveInput,
  rmaNoteInput,
  rmaReceiveInput,
  rmaRefundInput,
  rmaRejectInput,
  rmaRow,
  rmaShipBackInput,
} from '../contracts/aftersales.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint } from './endpoint.ts';
import { z } from 'zod';
import { probedIn } from './isolation.ts';

/** Purchaser's commands (apply, ship back, withdraw). */
const buyerSide = can('rma:manage', 'purchase:manage');
/** Supplier's commands (approve, reject, receive, refund, exchange). */
const sellerSide = can('rma:manage', 'order:ship');
/** Lists and details: either side. */
const eitherSide = can('rma:manage', 'purchase:manage', 'order:ship');

/** After-sales (rma/rmaList?type=0|1, rmaApply, rmaEditor): each call scoped to the caller's company and side. */
export const rmaEndpoints = {
  rmaApplyInfo: endpoint({
    method: 'GET',
    path: '/api/rma/applyInfo',
    summary: 'A completed order of the purchaser with what each line may still claim, and the deadline',
    access: buyerSide,
    query: rmaApplyInfoQuery,
    response: rmaApplyInfo,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaApply: endpoint({
    method: 'POST',
    path: '/api/rma/apply',
    summary: 'Apply for a return, refund only or exchange of lines of a completed order (claims the quantities)',
    access: buyerSide,
    body: rmaApplyInput,
    response: z.object({ id: z.number().int(), rmaNo: z.string() }),
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaList: endpoint({
    method: 'POST',
    path: '/api/rma/list',
    summary: "The purchaser's requests (type 0) or those on the supplier's orders (type 1), filtered and paged",
    access: eitherSide,
    body: rmaListQuery,
    response: pagedOf(rmaRow),
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaCounts: endpoint({
    method: 'GET',
    path: '/api/rma/counts',
    summary: "Requests per status of the purchaser's (type 0) or the supplier's (type 1) list",
    access: eitherSide,
    query: rmaCountsQuery,
    response: rmaCounts,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaDetail: endpoint({
    method: 'GET',
    path: '/api/rma/detail',
    summary: 'One request with its lines, photos and history, for either side',
    access: eitherSide,
    query: rmaIdQuery,
    response: rmaDetail,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaWithdraw: endpoint({
    method: 'POST',
    path: '/api/rma/withdraw',
    summary: 'The purchaser withdraws a request the supplier has not acted on (claims released)',
    access: buyerSide,
    body: rmaNoteInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaApprove: endpoint({
    method: 'POST',
    path: '/api/rma/approve',
    summary: 'The supplier approves: goods to be sent back to the chosen return address, or (refund only) straight to settlement',
    access: sellerSide,
    body: rmaApproveInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaReject: endpoint({
    method: 'POST',
    path: '/api/rma/reject',
    summary: 'The supplier rejects with a reason (claims released)',
    access: sellerSide,
    body: rmaRejectInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaShipBack: endpoint({
    method: 'POST',
    path: '/api/rma/shipBack',
    summary: 'The purchaser sends the goods back with carrier and tracking number',
    access: buyerSide,
    body: rmaShipBackInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaReceive: endpoint({
    method: 'POST',
    path: '/api/rma/receive',
    summary: 'The supplier confirms the goods came back: per line 良品入库 / 不良品 / 报废 through the ledger',
    access: sellerSide,
    body: rmaReceiveInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaRefund: endpoint({
    method: 'POST',
    path: '/api/rma/refund',
    summary: 'The supplier records the refund (offline transfer: amount and note) and closes the request',
    access: sellerSide,
    body: rmaRefundInput,
    response: noData,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
  rmaExchange: endpoint({
    method: 'POST',
    path: '/api/rma/exchange',
    summary: 'The supplier creates the replacement order (unit price 0, linked to the original) and closes the request',
    access: sellerSide,
    body: rmaIdInput,
    response: rmaExchangeResult,
    isolation: probedIn('modules/aftersales/aftersales.test.ts'),
  }),
};
