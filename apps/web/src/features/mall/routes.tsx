import { Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

export const mallRoutes: RouteObject = {
  path: 'mall',
  children: [
    { index: true, element: <Navigate to="/mall/home" replace /> },
    { path: 'home', element: <ComingSoon title="商城首页" /> },
  ],
};
