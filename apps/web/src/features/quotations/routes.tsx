import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/**
 * The supplier's quotation pages (docs/product/enquiries.md#screens): the list, and the detail (quote, revise, withdraw, versions, the
 * thread) behind the member gate of docs/product/accounts.md#membership-gates (levels 2 and 3).
 */
export const quotationCustomerRoutes: RouteObject[] = [
  {
    path: 'quotation',
    handle: { title: '我的报价' },
    lazy: lazyPage(() => import('./pages/QuotationListPage.tsx')),
  },
  {
    path: 'quotation/detail',
    handle: { title: '报价详情', menuKey: '/customer/quotation', memberGate: 'levels23' },
    lazy: lazyPage(() => import('./pages/QuotationDetailPage.tsx')),
  },
];
