import { z } from 'zod';
import {
  addressInput,
  addressRow,
  addressUpdateInput,
  cartAddInput,
  cartCount,
  cartIdsInput,
  cartQuantityInput,
  cartSelectInput,
  cartView,
  checkoutPreview,
  checkoutRefusals,
  checkoutResult,
  checkoutSource,
  checkoutSubmitInput,
  cartAddManyResult,
  quickOrderAddInput,
  quickOrderInput,
  reorderInput,
  resolvedLines,
  PURCHASE_REFUSAL,
  idempotencyHeaders,
  invoiceTitleInput,
  invoiceTitleRow,
  invoiceTitleUpdateInput,
} from '../contracts/buying.ts';
import { noData, sysNoInput } from '../envelope.ts';
import { can, canOrSay, COMPANY, endpoint } from './endpoint.ts';
import { CREATES, OWN_ONLY, exempt, probedIn } from './isolation.ts';

const created = z.object({ sysNo: z.number().int() });
/** The cart and the checkout: a purchaser's user (the use cases refuse suppliers in words). */
const buyer = COMPANY;

/**
 * A company's addresses (/customer/address): purchasers' delivery addresses serve the checkout (采购管理,
 * purchase:manage); suppliers' shipping-from and return addresses serve after-sales (售后服务, rma:manage);
 * company:manage keeps the company's own records either way.
 */
const addressBook = can('purchase:manage', 'rma:manage', 'company:manage');
/**
 * A company's saved invoice titles: listed under 发票管理 (/customer/invoice/title, invoice:manage) and picked at
 * the checkout (purchase:manage); either permission reads and keeps them.
 */
const titleBook = can('invoice:manage', 'purchase:manage');

/** A company's delivery addresses (/customer/address). */
export const addressEndpoints = {
  addressList: endpoint({
    method: 'GET',
    path: '/api/address/list',
    summary: "The company's delivery addresses, default first",
    access: addressBook,
    response: z.array(addressRow),
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  addressCreate: endpoint({
    method: 'POST',
    path: '/api/address/create',
    summary: 'Add a delivery address (at most 20)',
    access: addressBook,
    body: addressInput,
    response: created,
    isolation: CREATES,
  }),
  addressUpdate: endpoint({
    method: 'POST',
    path: '/api/address/update',
    summary: 'Edit a delivery address',
    access: addressBook,
    body: addressUpdateInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  addressDelete: endpoint({
    method: 'POST',
    path: '/api/address/delete',
    summary: 'Delete a delivery address',
    access: addressBook,
    body: sysNoInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  addressSetDefault: endpoint({
    method: 'POST',
    path: '/api/address/default',
    summary: 'Make an address the default one',
    access: addressBook,
    body: sysNoInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
};

/** A company's saved invoice titles (发票抬头), managed from the checkout page. */
export const invoiceTitleEndpoints = {
  invoiceTitleList: endpoint({
    method: 'GET',
    path: '/api/invoice-title/list',
    summary: "The company's saved invoice titles",
    access: titleBook,
    response: z.array(invoiceTitleRow),
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  invoiceTitleCreate: endpoint({
    method: 'POST',
    path: '/api/invoice-title/create',
    summary: 'Save an invoice title (专用 needs address, phone, bank, account)',
    access: titleBook,
    body: invoiceTitleInput,
    response: created,
    isolation: CREATES,
  }),
  invoiceTitleUpdate: endpoint({
    method: 'POST',
    path: '/api/invoice-title/update',
    summary: 'Edit a saved invoice title',
    access: titleBook,
    body: invoiceTitleUpdateInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  invoiceTitleDelete: endpoint({
    method: 'POST',
    path: '/api/invoice-title/delete',
    summary: 'Delete a saved invoice title',
    access: titleBook,
    body: sysNoInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
};

/** The purchaser user's cart (/customer/cart) and checkout. */
export const cartEndpoints = {
  cartView: endpoint({
    method: 'GET',
    path: '/api/cart',
    summary: "The user's cart by supplier shop, with 失效 lines and price changes flagged",
    access: buyer,
    response: cartView,
    isolation: OWN_ONLY,
  }),
  cartCount: endpoint({
    method: 'GET',
    path: '/api/cart/count',
    summary: 'How many lines the cart holds (header badge); 0 for a non-purchaser',
    access: COMPANY,
    response: cartCount,
    isolation: OWN_ONLY,
  }),
  cartAdd: endpoint({
    method: 'POST',
    path: '/api/cart/add',
    summary: 'Add a SKU (quantities of the same SKU add up)',
    access: buyer,
    body: cartAddInput,
    response: created,
    isolation: exempt('adds a public product to the caller’s own cart'),
  }),
  cartQuantity: endpoint({
    method: 'POST',
    path: '/api/cart/quantity',
    summary: 'Change the quantity of a line',
    access: buyer,
    body: cartQuantityInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  cartSelect: endpoint({
    method: 'POST',
    path: '/api/cart/select',
    summary: 'Select or unselect lines (失效 lines stay unselected)',
    access: buyer,
    body: cartSelectInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  cartRemove: endpoint({
    method: 'POST',
    path: '/api/cart/remove',
    summary: 'Remove lines',
    access: buyer,
    body: cartIdsInput,
    response: noData,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  cartClearInvalid: endpoint({
    method: 'POST',
    path: '/api/cart/clear-invalid',
    summary: 'Remove every 失效 line',
    access: buyer,
    response: z.object({ removed: z.number().int() }),
    isolation: OWN_ONLY,
  }),
  checkoutPreview: endpoint({
    method: 'POST',
    path: '/api/checkout/preview',
    summary: 'What a checkout would order: lines per supplier at the prices now',
    access: buyer,
    body: checkoutSource,
    response: checkoutPreview,
    isolation: probedIn('modules/buying/buying.test.ts'),
  }),
  checkoutSubmit: endpoint({
    method: 'POST',
    path: '/api/checkout/submit',
    summary:
      'Submit: one order per supplier, stock reserved, the lines leave the cart; replayed for a repeated Idempotency-Key',
    access: canOrSay(PURCHASE_REFUSAL, 'purchase:manage'),
    headers: idempotencyHeaders,
    body: checkoutSubmitInput,
    response: checkoutResult,
    isolation: exempt('cart line ids are looked up within the caller’s cart (checkout.test.ts)'),
    refusals: checkoutRefusals,
  }),
};

/** 再次购买 and 快速下单 (docs/product/orders.md#reorder-and-quick-order): into the user's cart, each line explained. */
export const repeatBuyEndpoints = {
  cartReorder: endpoint({
    method: 'POST',
    path: '/api/cart/reorder',
    summary: "再次购买: an order's lines still on sale into the cart at today's prices, with what changed",
    access: can('purchase:manage'),
    body: reorderInput,
    response: cartAddManyResult,
    isolation: probedIn('modules/buying/repeat.test.ts'),
  }),
  quickOrderResolve: endpoint({
    method: 'POST',
    path: '/api/quick-order/resolve',
    summary: '快速下单: "SKU编码 数量" lines resolved (product, spec, price, stock, minimum) or explained',
    access: can('purchase:manage'),
    body: quickOrderInput,
    response: resolvedLines,
    isolation: exempt('resolves public catalogue codes; reads nothing of a company but the caller’s own'),
  }),
  quickOrderAdd: endpoint({
    method: 'POST',
    path: '/api/quick-order/add',
    summary: '快速下单: the resolved SKUs into the cart in one step, each line explained',
    access: can('purchase:manage'),
    body: quickOrderAddInput,
    response: cartAddManyResult,
    isolation: exempt('adds public products to the caller’s own cart'),
  }),
};
