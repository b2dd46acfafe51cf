import type { RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy.ts';

const list = (path: string, title: string, type: 0 | 4 | 6 | 8, all = false): RouteObject => ({
  path,
  handle: { title },
  lazy: lazyNamed(() => import('./pages/OrderListPage.tsx'), 'OrderListPage', { type, all, title }),
});

/**
 * The orders' /customer pages (docs/product/orders.md#screens): the six lists (one component, the type as a prop) and the detail,
 * whose highlighted menu follows its `type` query and whose member gate is the order type's (docs/product/accounts.md#membership-gates).
 */
export const orderCustomerRoutes: RouteObject[] = [
  list('order', '采购订单', 0),
  list('enorder', '询价订单', 4),
  list('allorder', '全部采购订单', 0, true),
  list('allenorder', '全部询价订单', 4, true),
  list('saleOrder', '销售订单', 6),
  list('offerOrder', '报价订单', 8),
  {
    path: 'order/detail',
    handle: { title: '订单详情', memberGate: 'orderType' },
    lazy: lazyPage(() => import('./pages/OrderDetailPage.tsx')),
  },
];
