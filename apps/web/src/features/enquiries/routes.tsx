import type { RouteObject } from 'react-router';
import { queryClient } from '../../app/providers.tsx';
import { lazyPage } from '../../lib/lazy.ts';

const M = { menuKey: '/customer/enquiry' };

/** The purchaser's enquiry pages (enquiry, enquiry/edit, detail, offerList, offerDetail: docs/product/enquiries.md#screens). */
export const enquiryCustomerRoutes: RouteObject[] = [
  { path: 'enquiry', handle: { title: '我的询价' }, lazy: lazyPage(() => import('./pages/EnquiryListPage.tsx')) },
  { path: 'enquiry/edit', handle: { title: '发布询价', ...M }, lazy: lazyPage(() => import('./pages/EnquiryEditPage.tsx')) },
  { path: 'enquiry/detail', handle: { title: '询价详情', ...M }, lazy: lazyPage(() => import('./pages/EnquiryDetailPage.tsx')) },
  {
    path: 'enquiry/offerList',
    handle: { title: '报价列表', ...M },
    // The comparison's data loads alongside the page's code instead of after it (decision 0123); the API module
    // is imported here, not at the top, so it stays out of every page's first load (decision 0193).
    loader: async ({ request }) => (await import('./api/enquiries.ts')).prefetchOfferComparison(queryClient, request.url),
    lazy: lazyPage(() => import('./pages/OfferListPage.tsx')),
  },
  { path: 'enquiry/offerDetail', handle: { title: '报价详情', ...M }, lazy: lazyPage(() => import('./pages/OfferDetailPage.tsx')) },
];
