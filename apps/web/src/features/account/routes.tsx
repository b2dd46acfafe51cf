import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';

/** Account pages inside the workbench (info, safe); owned by the identity feature. Mounted under /customer. */
export const accountCustomerRoutes: RouteObject[] = [
  { path: 'info', handle: { title: '个人信息' }, lazy: lazyPage(() => import('./pages/InfoPage.tsx')) },
  { path: 'safe', handle: { title: '账户安全' }, lazy: lazyPage(() => import('./pages/SafePage.tsx')) },
];
