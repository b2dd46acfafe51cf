import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

const C = '/customer';

/**
 * The supplier catalogue's /customer pages (docs/product/catalogue.md#screens): products, the editor, stock and adjustments. Handles
 * carry the title, the highlighted menu for pages outside the menu and the membership gate (docs/product/accounts.md#membership-gates).
 */
export const catalogueCustomerRoutes: RouteObject[] = [
  { path: 'product', handle: { title: '商品列表' }, lazy: lazyPage(() => import('./pages/ProductListPage.tsx')) },
  {
    path: 'product/detail',
    handle: { title: '商品详情', menuKey: `${C}/product`, memberGate: 'levels13' },
    lazy: lazyPage(() => import('./pages/ProductEditorPage.tsx')),
  },
  { path: 'product/discussion', handle: { title: '商品评价' }, lazy: lazyPage(() => import('./pages/DiscussionPage.tsx')) },
  { path: 'product/inventory', handle: { title: '商品库存' }, lazy: lazyPage(() => import('./pages/InventoryPage.tsx')) },
  { path: 'inventory/adjustment', handle: { title: '库存调整' }, lazy: lazyPage(() => import('./pages/AdjustmentListPage.tsx')) },
  {
    path: 'inventory/adjustmentinfo',
    handle: { title: '库存调整详情', menuKey: `${C}/inventory/adjustment`, memberGate: 'levels13' },
    lazy: lazyPage(() => import('./pages/AdjustmentInfoPage.tsx')),
  },
];
