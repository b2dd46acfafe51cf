import {
  kuaidi100PushBody,
  kuaidi100PushQuery,
  trackingAnswer,
  trackingOrderQuery,
  trackingRefreshInput,
  trackingRmaQuery,
} from '../contracts/tracking.ts';
import { noData } from '../envelope.ts';
import { can, endpoint, PUBLIC, raw, sees } from './endpoint.ts';
import { probedIn } from './isolation.ts';

/** The order pages (as endpoints/orders.ts): whoever opens an order may read its parcels. */
const orderPages = sees(
  '/customer/order',
  '/customer/allorder',
  '/customer/enorder',
  '/customer/allenorder',
  '/customer/saleOrder',
  '/customer/offerOrder',
);

/**
 * Parcel tracking (快递100, docs/product/orders.md#parcel-tracking): both sides of an order or after-sales request
 * read its parcels' routes and may ask the carrier again (rate-limited per parcel); 快递100 pushes the routes to
 * the callback, which checks the push's signature.
 */
export const trackingEndpoints = {
  trackingOfOrder: endpoint({
    method: 'POST',
    path: '/api/tracking/order',
    summary: "The tracked parcels of one order's shipments with their routes (newest event first), for either side",
    access: orderPages,
    body: trackingOrderQuery,
    response: trackingAnswer,
    isolation: probedIn('modules/tracking/tracking.test.ts'),
  }),
  trackingOfRma: endpoint({
    method: 'POST',
    path: '/api/tracking/rma',
    summary: 'The tracked return parcel of one after-sales request with its route, for either side',
    access: can('rma:manage', 'purchase:manage', 'order:ship'),
    body: trackingRmaQuery,
    response: trackingAnswer,
    isolation: probedIn('modules/tracking/tracking.test.ts'),
  }),
  trackingRefresh: endpoint({
    method: 'POST',
    path: '/api/tracking/refresh',
    summary: "Asks the carrier for a parcel's route now (快递100 real-time query), at most once per interval per parcel",
    access: can('purchase:manage', 'order:ship', 'rma:manage'),
    body: trackingRefreshInput,
    response: noData,
    isolation: probedIn('modules/tracking/tracking.test.ts'),
  }),
  kuaidi100Push: endpoint({
    method: 'POST',
    path: '/api/partners/kuaidi100/push',
    summary: "快递100's signed route push (form: param, sign = MD5(param + salt)); answers 快递100's JSON receipt",
    access: PUBLIC,
    query: kuaidi100PushQuery,
    body: kuaidi100PushBody,
    response: raw('application/json'),
  }),
};
