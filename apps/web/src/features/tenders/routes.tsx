import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

const C = '/customer';

/** Tenders (bid/*: docs/product/tenders.md#screens): the purchaser's list, editor and 中标公告, the supplier's bids. */
export const tenderCustomerRoutes: RouteObject[] = [
  { path: 'bid/bidindex', handle: { title: '招标项目' }, lazy: lazyPage(() => import('./pages/TenderListPage.tsx')) },
  { path: 'bid/edite', handle: { title: '招标编辑', menuKey: `${C}/bid/bidindex` }, lazy: lazyPage(() => import('./pages/TenderEditPage.tsx')) },
  { path: 'bid/bededite', handle: { title: '中标公告', menuKey: `${C}/bid/bidindex` }, lazy: lazyPage(() => import('./pages/TenderResultPage.tsx')) },
  { path: 'bid/bidingIndex', handle: { title: '我的投标' }, lazy: lazyPage(() => import('./pages/SupplierTendersPage.tsx')) },
];
