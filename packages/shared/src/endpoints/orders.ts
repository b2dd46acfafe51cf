import {
  orderCancelInput,
  orderDetail,
  orderDetailQuery,
  orderIdInput,
  orderListAnswer,
  orderListQuery,
  orderPayInput,
  orderRepriceInput,
  orderShipInput,
  paymentConfirmInput,
  paymentConfirmResult,
  paymentRejectInput,
} from '../contracts/orders.ts';
import { noData } from '../envelope.ts';
import { can, endpoint, raw, sees } from './endpoint.ts';
import { probedIn } from './isolation.ts';

const buyer = can('purchase:manage');
const seller = can('order:ship');
/**
 * The workbench pages that list orders: a caller who sees none of them reads no order. Which one a list or an
 * order needs exactly (its type, own or the company's, the side) the use case checks (orders/queries.ts).
 */
const orderPages = sees(
  '/customer/order',
  '/customer/allorder',
  '/customer/enorder',
  '/customer/allenorder',
  '/customer/saleOrder',
  '/customer/offerOrder',
);

/**
 * Orders (issue 12): one record seen from both sides. Reads need one of the order pages in the caller's menu; the
 * use case checks the page of the list asked for, or of the order opened (order/enorder/allorder/allenorder/
 * saleOrder/offerOrder), and answers 记录不存在 for orders of other companies. Commands need purchase:manage (purchaser) or order:ship (supplier).
 */
export const orderEndpoints = {
  orderList: endpoint({
    method: 'POST',
    path: '/api/order/list',
    summary:
      'Orders of one list (type 0/4 own or all of the company, 6/8 the supplier’s), filtered and paged, with status counts',
    access: orderPages,
    body: orderListQuery,
    response: orderListAnswer,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
    apiScope: 'orders:read',
  }),
  orderExport: endpoint({
    method: 'POST',
    path: '/api/order/export',
    summary: 'The filtered order list as an Excel workbook, one row per order line',
    access: orderPages,
    body: orderListQuery,
    response: raw('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderDetail: endpoint({
    method: 'GET',
    path: '/api/order/detail',
    summary:
      'One order as the viewer sees it: lines, amounts, payments, shipments, history, related orders, allowed actions (member gates for types 6/8)',
    access: orderPages,
    query: orderDetailQuery,
    response: orderDetail,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
    apiScope: 'orders:read',
  }),
  orderReprice: endpoint({
    method: 'POST',
    path: '/api/order/reprice',
    summary: 'Supplier changes unit prices and freight before confirming (the purchaser sees old and new)',
    access: seller,
    body: orderRepriceInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderConfirm: endpoint({
    method: 'POST',
    path: '/api/order/confirm',
    summary: 'Supplier confirms the order (待确认 → 待付款; the payment clock starts)',
    access: seller,
    body: orderIdInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderCancel: endpoint({
    method: 'POST',
    path: '/api/order/cancel',
    summary:
      'Cancel: the purchaser before payment, the supplier with a reason before anything ships; reserved stock is released',
    access: can('purchase:manage', 'order:ship'),
    body: orderCancelInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderPay: endpoint({
    method: 'POST',
    path: '/api/order/pay',
    summary: 'Purchaser pays by bank transfer: uploads the proof (the supplier confirms receipt)',
    access: buyer,
    body: orderPayInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderPayConfirm: endpoint({
    method: 'POST',
    path: '/api/order/payConfirm',
    summary:
      'Supplier confirms the transfer with the amount received and its note: paid (待付款 → 待发货), short (remainder stays payable) or over (excess refunded or kept as balance)',
    access: seller,
    body: paymentConfirmInput,
    response: paymentConfirmResult,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderPayReject: endpoint({
    method: 'POST',
    path: '/api/order/payReject',
    summary: 'Supplier rejects the transfer proof with a reason (the purchaser may upload again)',
    access: seller,
    body: paymentRejectInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
  orderShip: endpoint({
    method: 'POST',
    path: '/api/order/ship',
    summary:
      'Supplier ships some or all remaining quantities with carrier and tracking number (reserved stock → 发货出库)',
    access: seller,
    body: orderShipInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
    apiScope: 'orders:ship',
  }),
  orderReceive: endpoint({
    method: 'POST',
    path: '/api/order/receive',
    summary: 'Purchaser confirms receipt of a fully shipped order (待收货 → 已完成)',
    access: buyer,
    body: orderIdInput,
    response: noData,
    isolation: probedIn('modules/orders/lifecycle.test.ts'),
  }),
};
