import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

const C = '/customer';

/** Buying's /customer pages (issue 12): addresses, saved invoice titles (under 发票管理), the cart and the checkout. */
export const buyingCustomerRoutes: RouteObject[] = [
  { path: 'address', handle: { title: '收货地址' }, lazy: lazyPage(() => import('./pages/AddressPage.tsx')) },
  {
    path: 'invoice/title',
    handle: { title: '发票抬头', menuKey: `${C}/invoice/index` },
    lazy: lazyPage(() => import('./pages/InvoiceTitlePage.tsx')),
  },
  { path: 'cart', handle: { title: '购物车' }, lazy: lazyPage(() => import('./pages/CartPage.tsx')) },
  { path: 'shopping-list', handle: { title: '常购清单' }, lazy: lazyPage(() => import('./pages/ShoppingListsPage.tsx')) },
  {
    path: 'shopping-list/detail',
    handle: { title: '清单详情', menuKey: `${C}/shopping-list` },
    lazy: lazyPage(() => import('./pages/ShoppingListDetailPage.tsx')),
  },
  { path: 'quick-order', handle: { title: '快速下单' }, lazy: lazyPage(() => import('./pages/QuickOrderPage.tsx')) },
  {
    path: 'cart/checkout',
    handle: { title: '确认订单', menuKey: `${C}/cart` },
    lazy: lazyPage(() => import('./pages/CheckoutPage.tsx')),
  },
];
