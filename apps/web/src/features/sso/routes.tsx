import { Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

export const ssoRoutes: RouteObject = {
  path: 'sso',
  children: [
    { index: true, element: <Navigate to="/sso/login" replace /> },
    { path: 'login', element: <ComingSoon title="登录" /> },
  ],
};
