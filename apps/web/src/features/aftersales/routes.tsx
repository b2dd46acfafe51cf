import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/**
 * After-sales /customer pages (rma/*: docs/product/aftersales.md#screens): the query `type` (0 purchaser, 1 supplier) picks the highlighted
 * menu (workbench highlight rules).
 */
export const aftersalesCustomerRoutes: RouteObject[] = [
  { path: 'rma/rmaList', handle: { title: '售后列表' }, lazy: lazyPage(() => import('./pages/RmaListPage.tsx')) },
  { path: 'rma/rmaApply', handle: { title: '申请售后' }, lazy: lazyPage(() => import('./pages/RmaApplyPage.tsx')) },
  { path: 'rma/rmaEditor', handle: { title: '售后详情' }, lazy: lazyPage(() => import('./pages/RmaEditorPage.tsx')) },
];
