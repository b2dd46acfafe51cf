import { Navigate, type RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy.ts';
import { CONSOLE_HOME, CONSOLE_SECTIONS } from './console-pages.ts';

/** The /admin platform console (platform administrators only; the layout guards every page). */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: lazyNamed(() => import('./components/AdminLayout.tsx'), 'AdminLayout'),
  children: [
    { index: true, handle: { title: CONSOLE_HOME.title }, lazy: lazyPage(CONSOLE_HOME.load) },
    ...CONSOLE_SECTIONS.flatMap((s) => s.pages).map(
      (p): RouteObject => ({ path: p.path, handle: { title: `${p.title} - 平台管理后台` }, lazy: lazyPage(p.load) }),
    ),
    { path: '*', element: <Navigate to="/admin" replace /> },
  ],
};
