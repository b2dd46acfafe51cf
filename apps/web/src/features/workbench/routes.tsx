import { Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Workbench pages (home, menus, users and roles, and every other /customer route of SPEC §2). */
export const workbenchRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/customer/home" replace /> },
  { path: 'home', element: <ComingSoon title="工作台" /> },
];
