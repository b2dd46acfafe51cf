import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** Public merchant-entry pages (the site home's merchant-entry link goes to /merchant/apply). */
export const merchantPublicRoutes: RouteObject[] = [
  { path: 'merchant/apply', handle: { title: '商家入驻' }, lazy: lazyPage(() => import('./pages/ApplyPage.tsx')) },
];

/** Workbench pages of certification, shop and bank (issue 5); mounted under /customer. */
export const merchantCustomerRoutes: RouteObject[] = [
  { path: 'store', handle: { title: '店铺设置' }, lazy: lazyPage(() => import('./pages/StorePage.tsx')) },
  {
    path: 'authentication/edit',
    handle: { title: '企业认证', menuKey: '/customer/authentication/detail' },
    lazy: lazyPage(() => import('./pages/CertEditPage.tsx')),
  },
  { path: 'authentication/detail', handle: { title: '企业认证' }, lazy: lazyPage(() => import('./pages/CertDetailPage.tsx')) },
  { path: 'authentication/member', handle: { title: '会员服务' }, lazy: lazyPage(() => import('./pages/MemberPage.tsx')) },
  { path: 'bank/auth', handle: { title: '银行账户' }, lazy: lazyPage(() => import('./pages/BankAuthPage.tsx')) },
];
