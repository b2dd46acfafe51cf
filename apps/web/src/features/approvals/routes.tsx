import type { RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy.ts';

/** Purchase approvals /customer pages (docs/product/approvals.md#screens). */
export const approvalCustomerRoutes: RouteObject[] = [
  { path: 'approval/todo', handle: { title: '待我审批' }, lazy: lazyNamed(() => import('./pages/RequestListPage.tsx'), 'TodoPage') },
  { path: 'approval/mine', handle: { title: '我的采购申请' }, lazy: lazyNamed(() => import('./pages/RequestListPage.tsx'), 'MinePage') },
  {
    path: 'approval/request/:id',
    handle: { title: '采购申请详情', menuKey: ['/customer/approval/todo', '/customer/approval/mine'] },
    lazy: lazyPage(() => import('./pages/RequestDetailPage.tsx')),
  },
  { path: 'approval/settings', handle: { title: '审批设置' }, lazy: lazyPage(() => import('./pages/ApprovalSettingsPage.tsx')) },
  // Budgets sit beside the approval rules they route through (docs/product/budgets.md).
  { path: 'approval/budgets', handle: { title: '预算管理' }, lazy: lazyPage(() => import('./pages/BudgetPage.tsx')) },
];
