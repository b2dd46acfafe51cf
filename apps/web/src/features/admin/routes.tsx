import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

export const adminRoutes: RouteObject = {
  path: 'admin',
  children: [{ index: true, element: <ComingSoon title="平台管理后台" /> }],
};
