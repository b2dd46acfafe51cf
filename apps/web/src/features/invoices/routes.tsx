import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** VAT invoice /customer pages (invoice/index, invoice/editor: docs/product/invoices.md#screens); the editor highlights 发票管理. */
export const invoiceCustomerRoutes: RouteObject[] = [
  {
    path: 'invoice/index',
    handle: { title: '发票管理' },
    lazy: lazyPage(() => import('./pages/InvoiceListPage.tsx')),
  },
  {
    path: 'invoice/editor',
    handle: { title: '申请开票', menuKey: '/customer/invoice/index' },
    lazy: lazyPage(() => import('./pages/InvoiceEditorPage.tsx')),
  },
];
