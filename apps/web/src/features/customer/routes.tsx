import { Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';
import { merchantCustomerRoutes } from '../merchant/routes.tsx';

/** The /customer workbench (login required). Features contribute their pages as children. */
export const customerRoutes: RouteObject = {
  path: 'customer',
  children: [
    { index: true, element: <Navigate to="/customer/home" replace /> },
    { path: 'home', element: <ComingSoon title="工作台" /> },
    ...merchantCustomerRoutes,
  ],
};
