import { z } from 'zod';
import {
  invoiceableOrder,
  invoiceableQuery,
  invoiceCounts,
  invoiceCountsQuery,
  invoiceDetail,
  invoiceIdInput,
  invoiceIdQuery,
  invoiceIssueInput,
  invoiceListQuery,
  invoiceReasonInput,
  invoiceRequestInput,
  invoiceReverseInput,
  invoiceRow,
} from '../contracts/invoices.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint, raw } from './endpoint.ts';
import { probedIn } from './isolation.ts';

/** Every invoice call needs the finance permission (财务管理 → 发票管理); the use case checks the side. */
const finance = can('invoice:manage');

/** VAT invoices (invoice/index, invoice/editor): each call scoped to the caller's company and side. */
export const invoiceEndpoints = {
  invoiceInvoiceable: endpoint({
    method: 'GET',
    path: '/api/invoice/invoiceable',
    summary: "The purchaser's completed orders with an uninvoiced amount (optionally of one supplier)",
    access: finance,
    query: invoiceableQuery,
    response: z.array(invoiceableOrder),
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceRequest: endpoint({
    method: 'POST',
    path: '/api/invoice/request',
    summary:
      'The purchaser requests a 普通 or 专用 invoice for completed orders of one supplier, up to their uninvoiced amounts',
    access: finance,
    body: invoiceRequestInput,
    response: z.object({ id: z.number().int(), code: z.string() }),
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceList: endpoint({
    method: 'POST',
    path: '/api/invoice/list',
    summary: "The purchaser's requests (type 0) or those to the supplier (type 1), filtered and paged",
    access: finance,
    body: invoiceListQuery,
    response: pagedOf(invoiceRow),
    isolation: probedIn('modules/invoices/invoices.test.ts'),
    apiScope: 'invoices:read',
  }),
  invoiceExport: endpoint({
    method: 'POST',
    path: '/api/invoice/export',
    summary: 'The filtered invoice list as an Excel workbook, one row per invoice and order covered',
    access: finance,
    body: invoiceListQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceCounts: endpoint({
    method: 'GET',
    path: '/api/invoice/counts',
    summary: 'Invoices per status of one side’s list (tab badges)',
    access: finance,
    query: invoiceCountsQuery,
    response: invoiceCounts,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceDetail: endpoint({
    method: 'GET',
    path: '/api/invoice/detail',
    summary:
      'One invoice with the orders it covers, its files, reversal link, history and the caller’s actions',
    access: finance,
    query: invoiceIdQuery,
    response: invoiceDetail,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceWithdraw: endpoint({
    method: 'POST',
    path: '/api/invoice/withdraw',
    summary: 'The purchaser withdraws a request not yet issued (the amount is invoiceable again)',
    access: finance,
    body: invoiceIdInput,
    response: noData,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceIssue: endpoint({
    method: 'POST',
    path: '/api/invoice/issue',
    summary:
      'The supplier issues a requested (or re-issues a disputed) invoice: number, date, amounts, rate, file',
    access: finance,
    body: invoiceIssueInput,
    response: noData,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceRefuse: endpoint({
    method: 'POST',
    path: '/api/invoice/refuse',
    summary: 'The supplier refuses a request with a reason (the amount is invoiceable again)',
    access: finance,
    body: invoiceReasonInput,
    response: noData,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceConfirm: endpoint({
    method: 'POST',
    path: '/api/invoice/confirm',
    summary: 'The purchaser confirms receipt of an issued invoice (已收票)',
    access: finance,
    body: invoiceIdInput,
    response: noData,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceDispute: endpoint({
    method: 'POST',
    path: '/api/invoice/dispute',
    summary: 'The purchaser disputes an issued invoice with a reason (有异议)',
    access: finance,
    body: invoiceReasonInput,
    response: noData,
    isolation: probedIn('modules/invoices/invoices.test.ts'),
  }),
  invoiceReverse: endpoint({
    method: 'POST',
    path: '/api/invoice/reverse',
    summary:
      'The supplier reverses (红冲) an issued invoice: a negative invoice linked to it frees the amount',
    access: finance,
    body: invoiceReverseInput,
    response: z.object({ id: z.number().int(), code: z.string() }),
    isolation: probedIn('isolation.test.ts'),
  }),
};
