import type { RouteObject } from 'react-router';

/** Account pages inside the workbench (info, safe); owned by the identity feature. Mounted under /customer. */
export const accountCustomerRoutes: RouteObject[] = [];
