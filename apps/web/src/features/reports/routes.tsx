import type { RouteObject } from 'react-router';
import { lazyNamed } from '../../lib/lazy.ts';

/**
 * The seven report pages of docs/product/reports.md#the-reports (report/*). 应收账款 and 应付账款 carry the company-type limit in their
 * handle (the workbench shows the docs/product/workbench.md#company-type-pages message to other types; the server refuses them too). ECharts loads
 * with the first chart, so no other page pays for it.
 */
export const reportCustomerRoutes: RouteObject[] = [
  {
    path: 'report/procurement',
    handle: { title: '采购统计' },
    lazy: lazyNamed(() => import('./pages/OrderReportPage.tsx'), 'OrderReportPage', {
      report: 'procurement',
    }),
  },
  {
    path: 'report/orderSale',
    handle: { title: '订单销售统计' },
    lazy: lazyNamed(() => import('./pages/OrderReportPage.tsx'), 'OrderReportPage', { report: 'orderSale' }),
  },
  {
    path: 'report/goodsSale',
    handle: { title: '商品销售统计' },
    lazy: lazyNamed(() => import('./pages/GoodsReportPage.tsx'), 'GoodsReportPage', { report: 'goodsSale' }),
  },
  {
    path: 'report/goodsCategory',
    handle: { title: '品类销售统计' },
    lazy: lazyNamed(() => import('./pages/CategoryReportPage.tsx'), 'CategoryReportPage'),
  },
  {
    path: 'report/procurementGoods',
    handle: { title: '采购商品统计' },
    lazy: lazyNamed(() => import('./pages/GoodsReportPage.tsx'), 'GoodsReportPage', {
      report: 'procurementGoods',
    }),
  },
  {
    path: 'report/saleAmount',
    handle: { title: '应收账款', report: 'saleAmount' },
    lazy: lazyNamed(() => import('./pages/BalanceReportPage.tsx'), 'BalanceReportPage', {
      report: 'saleAmount',
    }),
  },
  {
    path: 'report/payAmount',
    handle: { title: '应付账款', report: 'payAmount' },
    lazy: lazyNamed(() => import('./pages/BalanceReportPage.tsx'), 'BalanceReportPage', {
      report: 'payAmount',
    }),
  },
];
