import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/**
 * Credit accounts /customer pages (companyAccount/*: docs/product/credit.md#screens). index and customerRecharge are the supplier's,
 * myindex and rechargeIndex the purchaser's (menus of each type); requestIndex, refundIndex and editor serve
 * both sides, the company type deciding what they show.
 */
const M = '/customer/companyAccount';
export const creditCustomerRoutes: RouteObject[] = [
  { path: 'companyAccount/index', handle: { title: '信用账户' }, lazy: lazyPage(() => import('./pages/AccountListPage.tsx')) },
  { path: 'companyAccount/myindex', handle: { title: '我的信用账户' }, lazy: lazyPage(() => import('./pages/AccountListPage.tsx')) },
  { path: 'companyAccount/requestIndex', handle: { title: '账户申请' }, lazy: lazyPage(() => import('./pages/RequestIndexPage.tsx')) },
  { path: 'companyAccount/rechargeIndex', handle: { title: '充值记录' }, lazy: lazyPage(() => import('./pages/RechargeIndexPage.tsx')) },
  { path: 'companyAccount/refundIndex', handle: { title: '退款记录' }, lazy: lazyPage(() => import('./pages/RefundIndexPage.tsx')) },
  { path: 'companyAccount/editor', handle: { title: '信用账户详情', menuKey: [`${M}/index`, `${M}/myindex`] }, lazy: lazyPage(() => import('./pages/EditorPage.tsx')) },
  { path: 'companyAccount/customerRecharge', handle: { title: '客户充值' }, lazy: lazyPage(() => import('./pages/CustomerRechargePage.tsx')) },
];
