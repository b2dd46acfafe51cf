import type { ComponentType } from 'react';

/** One console page: its path under /admin, its title (page title and menu label) and its module. */
export interface ConsolePage {
  path: string;
  title: string;
  load: () => Promise<{ default: ComponentType }>;
}
/** A group of the console menu. */
export interface ConsoleSection {
  key: string;
  label: string;
  pages: ConsolePage[];
}

/** The console home (/admin): 概览 in the menu. */
export const CONSOLE_HOME = { menuLabel: '概览', title: '平台管理后台', load: () => import('./pages/DashboardPage.tsx') };

/**
 * The console's page tree: routes.tsx registers a route for every page and the layout builds its menu from
 * the same tree, so a page added here appears in both.
 */
export const CONSOLE_SECTIONS: ConsoleSection[] = [
  {
    key: 'review',
    label: '审核',
    pages: [
      { path: 'merchant', title: '商家入驻审核', load: () => import('./pages/MerchantReviewPage.tsx') },
      { path: 'certification', title: '企业认证审核', load: () => import('./pages/CertReviewPage.tsx') },
      { path: 'member-upgrades', title: '会员订单确认', load: () => import('./pages/MemberUpgradePage.tsx') },
      { path: 'privacy-requests', title: '个人信息请求', load: () => import('./pages/PrivacyRequestsPage.tsx') },
      { path: 'product-review', title: '商品审核', load: () => import('./pages/ProductReviewPage.tsx') },
      { path: 'product-discussions', title: '评价与问答', load: () => import('./pages/DiscussionsPage.tsx') },
    ],
  },
  {
    key: 'trade',
    label: '交易监管',
    pages: [
      { path: 'trade-stats', title: '交易统计', load: () => import('./pages/TradeDashboardPage.tsx') },
      { path: 'orders', title: '订单管理', load: () => import('./pages/TradeOrdersPage.tsx') },
      { path: 'disputes', title: '售后仲裁', load: () => import('./pages/DisputesPage.tsx') },
      { path: 'payment-recon', title: '支付对账', load: () => import('./pages/ReconPage.tsx') },
      { path: 'pay-submerchants', title: '收款商户核验', load: () => import('./pages/SubMerchantsPage.tsx') },
      { path: 'listings', title: '招标与询价', load: () => import('./pages/ListingsPage.tsx') },
    ],
  },
  {
    key: 'ops',
    label: '运营',
    pages: [
      { path: 'companies', title: '企业管理', load: () => import('./pages/CompaniesPage.tsx') },
      { path: 'categories', title: '商品分类', load: () => import('./pages/CategoriesPage.tsx') },
      { path: 'products', title: '商品管理', load: () => import('./pages/ProductsPage.tsx') },
      { path: 'category-attributes', title: '分类参数', load: () => import('./pages/CategoryAttributesPage.tsx') },
      { path: 'search-synonyms', title: '搜索同义词', load: () => import('./pages/SearchSynonymsPage.tsx') },
    ],
  },
  {
    key: 'content',
    label: '站点内容',
    pages: [
      { path: 'banners', title: '轮播图', load: () => import('./pages/BannersPage.tsx') },
      { path: 'menus', title: '导航与页脚', load: () => import('./pages/SiteMenusPage.tsx') },
      { path: 'articles', title: '新闻资讯', load: () => import('./pages/ArticlesPage.tsx') },
      { path: 'partners', title: '合作企业', load: () => import('./pages/PartnersPage.tsx') },
      { path: 'settings', title: '站点设置', load: () => import('./pages/SettingsPage.tsx') },
    ],
  },
  {
    key: 'system',
    label: '系统',
    pages: [
      { path: 'workbench-menus', title: '工作台菜单', load: () => import('./pages/WorkbenchMenusPage.tsx') },
      { path: 'role-presets', title: '预设角色', load: () => import('./pages/RolePresetsPage.tsx') },
      { path: 'audit', title: '操作日志', load: () => import('./pages/AuditPage.tsx') },
    ],
  },
];
