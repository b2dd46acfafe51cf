import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

const C = '/customer';

/**
 * Every /customer route of docs/product/workbench.md#workbench-routes except the account pages (info, safe) and the merchant pages (store,
 * authentication/*, bank/auth), which their features contribute. Handles carry the title, the highlighted
 * menu for pages outside the menu, the membership gate and the company-type limit.
 */
export const workbenchRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={`${C}/home`} replace /> },
  { path: 'home', handle: { title: '工作台首页' }, lazy: lazyPage(() => import('./pages/HomePage.tsx')) },

  // quotation, quotation/detail: features/quotations.

  // address, invoice/title, cart, cart/checkout: features/buying.

  // order, enorder, allorder, allenorder, saleOrder, offerOrder, order/detail: features/orders.

  // product, product/detail, product/discussion, product/inventory, inventory/adjustment(info): features/catalogue.

  { path: 'role/list', handle: { title: '角色管理' }, lazy: lazyPage(() => import('./pages/RolesPage.tsx')) },
  { path: 'user/list', handle: { title: '用户管理' }, lazy: lazyPage(() => import('./pages/UsersPage.tsx')) },

  // rma/rmaList, rma/rmaApply, rma/rmaEditor: features/aftersales.

  // report/procurement, orderSale, goodsSale, goodsCategory, procurementGoods, saleAmount, payAmount: features/reports.

  {
    path: 'message/index',
    handle: { title: '我的消息' },
    lazy: lazyPage(() => import('./pages/MessagesPage.tsx')),
  },
  {
    path: 'message/settings',
    handle: { title: '消息设置' },
    lazy: lazyPage(() => import('./pages/NoticeSettingsPage.tsx')),
  },

  // invoice/index, invoice/editor: features/invoices.

  {
    path: 'iframecontainer',
    handle: { title: '外部页面' },
    lazy: lazyPage(() => import('./pages/IframePage.tsx')),
  },

  // companyAccount/*: features/credit.

  // bid/bidindex, bid/edite, bid/bededite, bid/bidingIndex: features/tenders.
];
