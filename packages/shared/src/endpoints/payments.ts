import { z } from 'zod';
import {
  payChannelsAnswer,
  payCreateInput,
  payOfOrderAnswer,
  payOfOrderQuery,
  payOrderView,
  payStatusQuery,
  reconDiscrepancyQuery,
  reconDiscrepancyRow,
  reconResolveInput,
  reconRunInput,
  reconRunQuery,
  reconRunRow,
  subMerchantAdminQuery,
  subMerchantAdminRow,
  subMerchantAlipayInput,
  subMerchantDecideInput,
  subMerchantView,
  subMerchantWechatInput,
} from '../contracts/payments.ts';
import { noData, pagedOf } from '../envelope.ts';
import { ADMIN, PUBLIC, can, endpoint, raw, sees } from './endpoint.ts';
import { exempt, probedIn } from './isolation.ts';

/** The order pages (as endpoints/orders.ts): whoever opens an order may read its payments. */
const orderPages = sees(
  '/customer/order',
  '/customer/allorder',
  '/customer/enorder',
  '/customer/allenorder',
  '/customer/saleOrder',
  '/customer/offerOrder',
);

const TEST = 'modules/payments/payments.test.ts';

/**
 * Online payment through WeChat Pay and Alipay (decision 0207, docs/product/payments.md): the purchaser opens a
 * payment order (支付单) for an order awaiting payment, the partner's signed notification pays it; both sides read
 * an order's payments and refunds; the console reconciles each day's statement.
 */
export const paymentEndpoints = {
  payChannels: endpoint({
    method: 'GET',
    path: '/api/pay/channels',
    summary:
      "Which online payment channels this deployment offers, and for an order of the caller's company whether its supplier has a verified sub-merchant (with the reason when not)",
    access: can('purchase:manage'),
    query: z.object({ orderId: z.coerce.number().int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确').optional() }),
    response: payChannelsAnswer,
    isolation: probedIn(TEST),
  }),
  payCreate: endpoint({
    method: 'POST',
    path: '/api/pay/create',
    summary: "Opens (or answers the open) payment order of the purchaser's order for a channel; the amount is the order's payable amount",
    access: can('purchase:manage'),
    body: payCreateInput,
    response: payOrderView,
    isolation: probedIn(TEST),
  }),
  payStatus: endpoint({
    method: 'POST',
    path: '/api/pay/status',
    summary: "One of the purchaser's payment orders (polled by the pay dialog until paid)",
    access: can('purchase:manage'),
    body: payStatusQuery,
    response: payOrderView,
    isolation: probedIn(TEST),
  }),
  payOfOrder: endpoint({
    method: 'POST',
    path: '/api/pay/order',
    summary: 'The online payment orders and refunds of one order, for either side',
    access: orderPages,
    body: payOfOrderQuery,
    response: payOfOrderAnswer,
    isolation: probedIn(TEST),
  }),
  wechatPayNotify: endpoint({
    method: 'POST',
    path: '/api/pay/notify/wechat',
    summary: "WeChat Pay API v3 notification (payment or refund): signature checked with the platform key, resource decrypted (AES-256-GCM)",
    access: PUBLIC,
    body: z.unknown(),
    response: raw('application/json'),
  }),
  alipayNotify: endpoint({
    method: 'POST',
    path: '/api/pay/notify/alipay',
    summary: "Alipay's asynchronous notification (form-encoded, RSA2): answers success or fail",
    access: PUBLIC,
    body: z.record(z.string(), z.string()),
    response: raw('text/plain'),
  }),
  paySandboxPage: endpoint({
    method: 'GET',
    path: '/api/pay/sandbox/page',
    summary: 'Demo mode: the payment sandbox page (WeChat scan-and-pay or Alipay cashier) for a payment order',
    access: PUBLIC,
    query: z.object({ no: z.string().max(64) }),
    response: raw('text/html'),
  }),
  paySandboxAct: endpoint({
    method: 'POST',
    path: '/api/pay/sandbox/page',
    summary: 'Demo mode: the sandbox payer pays (or fails), and the sandbox sends the notification as chosen',
    access: PUBLIC,
    body: z.object({ no: z.string().max(64), outcome: z.enum(['pay', 'fail']), notify: z.enum(['once', 'twice', 'none', 'tampered']) }),
    response: raw('text/html'),
  }),
  alipaySandboxCashier: endpoint({
    method: 'GET',
    path: '/api/pay/sandbox/alipay/gateway.do',
    summary: "Demo mode: the Alipay sandbox cashier a page.pay URL opens (its RSA2 signature checked as Alipay's gateway does)",
    access: PUBLIC,
    query: z.record(z.string(), z.string()),
    response: raw('text/html'),
  }),
};

/** The supplier's 收款设置 for online payment (decision 0216): its sub-merchant with each partner (the bank page). */
const SUBM_TEST = 'modules/payments/sub-merchants.test.ts';
export const subMerchantEndpoints = {
  subMerchants: endpoint({
    method: 'GET',
    path: '/api/pay/submerchants',
    summary: "The supplier's sub-merchant with each payment partner (masked), its verification state, and the Alipay authorisation link",
    access: sees('/customer/bank/auth'),
    response: z.array(subMerchantView),
    isolation: probedIn(SUBM_TEST),
  }),
  subMerchantWechat: endpoint({
    method: 'POST',
    path: '/api/pay/submerchant/wechat',
    summary: 'Enter (or replace) the WeChat Pay 特约商户号; it waits for the platform to verify it',
    access: can('company:manage'),
    body: subMerchantWechatInput,
    response: noData,
    isolation: exempt('writes the caller company’s own row only'),
  }),
  subMerchantAlipay: endpoint({
    method: 'POST',
    path: '/api/pay/submerchant/alipay',
    summary: "Record the Alipay authorisation (app_auth_code from Alipay's return) of the platform's application; it waits for the platform to verify it",
    access: can('company:manage'),
    body: subMerchantAlipayInput,
    response: noData,
    isolation: exempt('writes the caller company’s own row only'),
  }),
  alipaySandboxAuthorize: endpoint({
    method: 'GET',
    path: '/api/pay/sandbox/alipay/authorize',
    summary: "Demo mode: the sandbox's stand-in for Alipay's appToAppAuth page (returns to redirect_uri with an app_auth_code)",
    access: PUBLIC,
    query: z.object({ app_id: z.string().max(32), redirect_uri: z.string().max(500) }),
    response: raw('text/html'),
  }),
};

/** Console: the suppliers' sub-merchants and the daily reconciliation with the payment partners (对账). */
export const adminPaymentEndpoints = {
  adminReconRuns: endpoint({
    method: 'POST',
    path: '/admin/api/pay/recon/runs',
    summary: 'Reconciliation runs, newest first, paged',
    access: ADMIN,
    body: reconRunQuery,
    response: pagedOf(reconRunRow),
  }),
  adminReconDiscrepancies: endpoint({
    method: 'POST',
    path: '/admin/api/pay/recon/discrepancies',
    summary: 'Discrepancies found by reconciliation (of one run, or the open ones), paged',
    access: ADMIN,
    body: reconDiscrepancyQuery,
    response: pagedOf(reconDiscrepancyRow),
  }),
  adminReconResolve: endpoint({
    method: 'POST',
    path: '/admin/api/pay/recon/resolve',
    summary: 'Resolves a discrepancy with a note (audited: who and when)',
    access: ADMIN,
    body: reconResolveInput,
    response: noData,
  }),
  adminReconRun: endpoint({
    method: 'POST',
    path: '/admin/api/pay/recon/run',
    summary: "Reconciles a China day's statements now (each configured channel)",
    access: ADMIN,
    body: reconRunInput,
    response: noData,
  }),
  adminSubMerchants: endpoint({
    method: 'POST',
    path: '/admin/api/pay/submerchants',
    summary: "Suppliers' payment sub-merchants (WeChat 特约商户号, Alipay authorisations), those waiting for verification first, paged",
    access: ADMIN,
    body: subMerchantAdminQuery,
    response: pagedOf(subMerchantAdminRow),
  }),
  adminSubMerchantDecide: endpoint({
    method: 'POST',
    path: '/admin/api/pay/submerchant/decide',
    summary: "Verifies or refuses a supplier's sub-merchant (audited); only a verified one can receive online payments",
    access: ADMIN,
    body: subMerchantDecideInput,
    response: noData,
  }),
};
