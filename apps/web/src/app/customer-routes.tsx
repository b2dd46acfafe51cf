import type { RouteObject } from 'react-router';
import { workbenchRoutes } from '../features/workbench/routes.tsx';
import { lazyNamed } from '../lib/lazy.ts';
import { queryClient } from './providers.tsx';
import { accountCustomerRoutes } from '../features/account/routes.tsx';
import { merchantCustomerRoutes } from '../features/merchant/routes.tsx';
import { catalogueCustomerRoutes } from '../features/catalogue/routes.tsx';
import { buyingCustomerRoutes } from '../features/buying/routes.tsx';
import { orderCustomerRoutes } from '../features/orders/routes.tsx';
import { aftersalesCustomerRoutes } from '../features/aftersales/routes.tsx';
import { tenderCustomerRoutes } from '../features/tenders/routes.tsx';
import { invoiceCustomerRoutes } from '../features/invoices/routes.tsx';
import { reportCustomerRoutes } from '../features/reports/routes.tsx';
import { enquiryCustomerRoutes } from '../features/enquiries/routes.tsx';
import { quotationCustomerRoutes } from '../features/quotations/routes.tsx';
import { creditCustomerRoutes } from '../features/credit/routes.tsx';
import { approvalCustomerRoutes } from '../features/approvals/routes.tsx';
import { agreementCustomerRoutes } from '../features/agreements/routes.tsx';
import { priceCustomerRoutes } from '../features/prices/routes.tsx';
import { openApiCustomerRoutes } from '../features/openapi/routes.tsx';

/** Workbench paths other features own (docs/product/workbench.md#workbench-routes); each gets a placeholder until its feature provides it. */
const CONTRIBUTED: [path: string, title: string, menuKey?: string][] = [
  ['info', '个人信息'],
  ['safe', '账户安全'],
  ['store', '店铺设置'],
  ['authentication/edit', '企业认证', '/customer/authentication/detail'],
  ['authentication/detail', '企业认证'],
  ['authentication/member', '会员服务'],
  ['bank/auth', '银行账户'],
];

const contributed = [...accountCustomerRoutes, ...merchantCustomerRoutes];
const placeholders: RouteObject[] = CONTRIBUTED.filter(
  ([path]) => !contributed.some((r) => r.path === path),
).map(([path, title, menuKey]) => ({
  path,
  handle: { title, menuKey },
  lazy: lazyNamed(() => import('../features/workbench/components/LaterRelease.tsx'), 'LaterRelease', {
    title,
  }),
}));

/**
 * The /customer workbench (login required, docs/product/workbench.md#workbench-routes). The workbench feature provides the layout (guard, menu,
 * header) and most pages; identity and merchant features contribute theirs as children.
 */
export const customerRoutes: RouteObject = {
  path: 'customer',
  // The workbench gate's menu and access list load while the layout's and the page's code do (imported here
  // rather than statically, so the mall's first load does not carry the workbench's queries).
  loader: () => {
    void import('../features/workbench/api/access.ts').then((m) => m.prefetchWorkbenchGate(queryClient));
    return null;
  },
  lazy: lazyNamed(() => import('../features/workbench/components/WorkbenchLayout.tsx'), 'WorkbenchLayout'),
  children: [
    ...workbenchRoutes,
    ...accountCustomerRoutes,
    ...merchantCustomerRoutes,
    ...catalogueCustomerRoutes,
    ...buyingCustomerRoutes,
    ...orderCustomerRoutes,
    ...aftersalesCustomerRoutes,
    ...tenderCustomerRoutes,
    ...invoiceCustomerRoutes,
    ...reportCustomerRoutes,
    ...enquiryCustomerRoutes,
    ...quotationCustomerRoutes,
    ...creditCustomerRoutes,
    ...approvalCustomerRoutes,
    ...agreementCustomerRoutes,
    ...priceCustomerRoutes,
    ...openApiCustomerRoutes,
    ...placeholders,
  ],
};
