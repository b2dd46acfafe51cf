import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { siteRoutes } from '../features/site/routes.tsx';
import { mallRoutes } from '../features/mall/routes.tsx';
import { ssoRoutes } from '../features/sso/routes.tsx';
import { customerRoutes } from './customer-routes.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { merchantPublicRoutes } from '../features/merchant/routes.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * One route tree (docs/product/README.md#areas-and-routes). Each feature owns its subtree; `handle` carries the page title, the search group
 * and the highlighted menu key. Root and unknown paths redirect to the site home.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // The first page is lazy: keep the screen blank until its module arrives (and React Router from warning).
    HydrateFallback: () => <div style={{ minHeight: '100vh' }} />,
    children: [
      ...siteRoutes,
      mallRoutes,
      ssoRoutes,
      customerRoutes,
      adminRoutes,
      ...merchantPublicRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
