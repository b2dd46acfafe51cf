import type { RouteObject } from 'react-router';

/** Public merchant-entry pages (the site home's merchant-entry link goes to /merchant/apply). */
export const merchantPublicRoutes: RouteObject[] = [];

/** Workbench pages of certification, shop and bank (issue 5); mounted under /customer. */
export const merchantCustomerRoutes: RouteObject[] = [];
