import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** The supplier's contract price pages (docs/product/prices.md#managing-contract-prices). */
export const priceCustomerRoutes: RouteObject[] = [
  {
    path: 'price/index',
    handle: { title: '协议价管理' },
    lazy: lazyPage(() => import('./pages/ContractPriceListPage.tsx')),
  },
  {
    path: 'price/groups',
    handle: { title: '客户分组' },
    lazy: lazyPage(() => import('./pages/CustomerGroupPage.tsx')),
  },
];
