import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** VAT invoice /customer pages (SPEC §2 invoice/index, invoice/editor); the editor highlights 发票管理. */
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
