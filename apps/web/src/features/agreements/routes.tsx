import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** Framework agreement /customer pages (docs/product/agreements.md#screens); detail and form highlight 框架协议. */
export const agreementCustomerRoutes: RouteObject[] = [
  {
    path: 'agreement/index',
    handle: { title: '框架协议' },
    lazy: lazyPage(() => import('./pages/AgreementListPage.tsx')),
  },
  {
    path: 'agreement/detail',
    handle: { title: '框架协议详情', menuKey: '/customer/agreement/index' },
    lazy: lazyPage(() => import('./pages/AgreementDetailPage.tsx')),
  },
  {
    path: 'agreement/edit',
    handle: { title: '录入框架协议', menuKey: '/customer/agreement/index' },
    lazy: lazyPage(() => import('./pages/AgreementEditPage.tsx')),
  },
];
