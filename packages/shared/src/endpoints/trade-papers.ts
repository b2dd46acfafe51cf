import {
  creditPayeeQuery,
  orderPaperQuery,
  orderPayeeQuery,
  transferMatch,
  transferMatchInput,
  transferPayee,
} from '../contracts/trade-papers.ts';
import { can, endpoint, raw, sees } from './endpoint.ts';
import { probedIn } from './isolation.ts';

/** The order pages (as orders.ts): the use case checks the page of the order opened, as the order detail does. */
const orderPages = sees(
  '/customer/order',
  '/customer/allorder',
  '/customer/enorder',
  '/customer/allenorder',
  '/customer/saleOrder',
  '/customer/offerOrder',
);

/**
 * Transfers that can be made and matched, and the papers of an order (issue 30, decision 0198): who is paid on
 * which verified account with which note, the supplier's check of an incoming transfer, and the PDFs (采购订单/
 * 销售订单, 发货单, 收货单) that only the two parties of the order download.
 */
export const tradePaperEndpoints = {
  orderPayee: endpoint({
    method: 'GET',
    path: '/api/order/payee',
    summary: 'Where a transfer for the order goes: the supplier’s verified account and the note (附言) carrying the order number',
    access: orderPages,
    query: orderPayeeQuery,
    response: transferPayee,
    isolation: probedIn('modules/trade-papers/trade-papers.test.ts'),
  }),
  orderTransferMatch: endpoint({
    method: 'POST',
    path: '/api/order/pay/match',
    summary: 'The supplier checks an incoming transfer (amount, note) against the order: exact, short (remainder payable) or over',
    access: can('order:ship'),
    body: transferMatchInput,
    response: transferMatch,
    isolation: probedIn('modules/trade-papers/trade-papers.test.ts'),
  }),
  orderPaper: endpoint({
    method: 'GET',
    path: '/api/order/paper',
    summary: 'A paper of the order as a PDF: 采购订单/销售订单, 发货单 of a shipment, 收货单 once received (the two parties only)',
    access: orderPages,
    query: orderPaperQuery,
    response: raw('application/pdf'),
    isolation: probedIn('modules/trade-papers/trade-papers.test.ts'),
  }),
  creditPayee: endpoint({
    method: 'GET',
    path: '/api/companyAccount/payee',
    summary: 'Where a recharge transfer goes: the supplier’s verified account and the note carrying the account number',
    access: can('credit:manage', 'purchase:manage'),
    query: creditPayeeQuery,
    response: transferPayee,
    isolation: probedIn('modules/trade-papers/trade-papers.test.ts'),
  }),
};
