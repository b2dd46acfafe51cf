import type { RouteObject } from 'react-router';

/** Workbench pages of merchant entry, certification, shop and bank (issue 5); mounted under /customer. */
export const merchantCustomerRoutes: RouteObject[] = [];
