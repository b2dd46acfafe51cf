import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** 开放平台 /customer/openapi (docs/product/open-platform.md): API keys and webhooks of the company administrator. */
export const openApiCustomerRoutes: RouteObject[] = [
  { path: 'openapi', handle: { title: '开放平台' }, lazy: lazyPage(() => import('./pages/OpenApiPage.tsx')) },
];
