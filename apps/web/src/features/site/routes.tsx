import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

export const siteRoutes: RouteObject[] = [
  { index: true, handle: { title: 'B2B企业服务平台' }, lazy: lazyPage(() => import('./pages/SiteHomePage.tsx')) },
];
