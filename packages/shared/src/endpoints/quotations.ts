import { idempotencyHeaders } from '../contracts/buying.ts';
import {
  quotationDetail,
  quotationDetailQuery,
  quotationIdInput,
  quotationListAnswer,
  quotationListQuery,
  quotationWithdrawInput,
  quoteSubmitInput,
  quoteSubmitResult,
  threadAnswer,
  threadPostInput,
  threadQuery,
} from '../contracts/quotations.ts';
import { noData } from '../envelope.ts';
import { endpoint, raw, type Access } from './endpoint.ts';
import { OPEN, probedIn } from './isolation.ts';

export const SUPPLIERS_ONLY = '仅供应商可以报价，请使用供应商账号登录';

/** The supplier's calls: quotation:manage (suppliers only, others told so). */
const supplier = {
  kind: 'company',
  permissions: ['quotation:manage'],
  refusal: SUPPLIERS_ONLY,
} as const satisfies Access;
/** The pages behind quotation/detail: also the member gate of docs/product/accounts.md#membership-gates (levels 2 and 3). */
const supplierGated = { ...supplier, gate: 'levels23' } as const satisfies Access;
/** The thread: the enquiry's purchaser or the quoting supplier (the use case checks which quotation). */
const eitherSide = {
  kind: 'company',
  permissions: ['quotation:manage', 'enquiry:manage'],
  gate: 'levels23',
} as const satisfies Access;

/** Quotations (issue 13): the supplier's offers on enquiries, and the thread on each offer. */
export const quotationEndpoints = {
  quotationDetail: endpoint({
    method: 'GET',
    path: '/api/quotation/detail',
    summary:
      "An enquiry as a quoting supplier sees it, with the caller's offer (all versions) and whether it may quote",
    access: supplierGated,
    query: quotationDetailQuery,
    response: quotationDetail,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationSubmit: endpoint({
    method: 'POST',
    path: '/api/quotation/submit',
    summary:
      'Quote, revise (a new version) or quote again after withdrawing; replayed for a repeated Idempotency-Key',
    access: supplierGated,
    headers: idempotencyHeaders,
    body: quoteSubmitInput,
    response: quoteSubmitResult,
    isolation: OPEN,
  }),
  quotationWithdraw: endpoint({
    method: 'POST',
    path: '/api/quotation/withdraw',
    summary: 'Withdraw the offer before the deadline (no longer counted, may be quoted again)',
    access: supplierGated,
    body: quotationWithdrawInput,
    response: noData,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationList: endpoint({
    method: 'POST',
    path: '/api/quotation/list',
    summary:
      "The supplier's offers, filtered and paged, with counts per status and unread messages per offer",
    access: supplier,
    body: quotationListQuery,
    response: quotationListAnswer,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationExport: endpoint({
    method: 'POST',
    path: '/api/quotation/export',
    summary: "The supplier's filtered offers as an Excel workbook",
    access: supplier,
    body: quotationListQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationThread: endpoint({
    method: 'GET',
    path: '/api/quotation/thread',
    summary:
      "The messages between an enquiry's purchaser and one quoting supplier (only those two companies)",
    access: eitherSide,
    query: threadQuery,
    response: threadAnswer,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationThreadPost: endpoint({
    method: 'POST',
    path: '/api/quotation/thread/post',
    summary: "Post a message (text, attachments or both) on an offer's thread (the other side is notified)",
    access: eitherSide,
    body: threadPostInput,
    response: threadAnswer,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
  quotationThreadRead: endpoint({
    method: 'POST',
    path: '/api/quotation/thread/read',
    summary: "Mark the other side's messages on an offer's thread as read",
    access: eitherSide,
    body: quotationIdInput,
    response: noData,
    isolation: probedIn('modules/quotations/quotations.test.ts'),
  }),
};
