import type { RouteObject } from 'react-router';
import { workbenchRoutes } from '../workbench/routes.tsx';
import { accountCustomerRoutes } from '../account/routes.tsx';
import { merchantCustomerRoutes } from '../merchant/routes.tsx';

/**
 * The /customer workbench (login required, SPEC §2). The workbench feature provides the layout (guard, menu,
 * header) and most pages; identity and merchant features contribute theirs as children.
 */
export const customerRoutes: RouteObject = {
  path: 'customer',
  children: [...workbenchRoutes, ...accountCustomerRoutes, ...merchantCustomerRoutes],
};
