import { Navigate, type RouteObject } from 'react-router';
import { lazyNamed, lazyPage } from '../../lib/lazy.ts';

const page = (path: string, title: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  handle: { title: `${title} - 平台管理后台` },
  lazy: lazyPage(load),
});

/** The /admin platform console (platform administrators only; the layout guards every page). */
export const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: lazyNamed(() => import('./components/AdminLayout.tsx'), 'AdminLayout'),
  children: [
    { index: true, handle: { title: '平台管理后台' }, lazy: lazyPage(() => import('./pages/DashboardPage.tsx')) },
    page('merchant', '商家入驻审核', () => import('./pages/MerchantReviewPage.tsx')),
    page('certification', '企业认证审核', () => import('./pages/CertReviewPage.tsx')),
    page('member-upgrades', '会员升级确认', () => import('./pages/MemberUpgradePage.tsx')),
    page('companies', '企业管理', () => import('./pages/CompaniesPage.tsx')),
    page('categories', '商品分类', () => import('./pages/CategoriesPage.tsx')),
    page('products', '商品管理', () => import('./pages/ProductsPage.tsx')),
    page('banners', '轮播图', () => import('./pages/BannersPage.tsx')),
    page('menus', '导航与页脚', () => import('./pages/SiteMenusPage.tsx')),
    page('articles', '新闻资讯', () => import('./pages/ArticlesPage.tsx')),
    page('partners', '合作企业', () => import('./pages/PartnersPage.tsx')),
    page('settings', '站点设置', () => import('./pages/SettingsPage.tsx')),
    page('workbench-menus', '工作台菜单', () => import('./pages/WorkbenchMenusPage.tsx')),
    page('role-presets', '预设角色', () => import('./pages/RolePresetsPage.tsx')),
    page('audit', '操作日志', () => import('./pages/AuditPage.tsx')),
    { path: '*', element: <Navigate to="/admin" replace /> },
  ],
};
