import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy.ts';
import type { RouteHandle } from '../../app/RootLayout.tsx';
import { queryClient } from '../../app/providers.tsx';
import { siteDataQuery } from '../../lib/site-content/site-data.ts';

const page = (path: string, handle: RouteHandle, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  id: `mall-${path}`,
  handle,
  lazy: lazyPage(load),
});

/**
 * The mall (docs/product/mall.md#mall-routes): every route renders inside MallLayout. `handle.searchGroup` picks the search bar's
 * targets (0 goods + stores, 2 purchaser, 3 news). Detail pages take their record id as the `id` query.
 * Pages live in ./pages/<Name>Page.tsx (default export); the mall home in ./home.
 */
export const mallRoutes: RouteObject = {
  path: 'mall',
  // The layout loads with the first mall page, so other areas do not carry the mall's code.
  lazy: lazyPage(() => import('./layout/MallLayout.tsx')),
  // The site data (navigation, banners: the home's largest paint) load alongside the layout's and the page's
  // code instead of after them (decision 0193); fresh data are not fetched again.
  loader: () => {
    void queryClient.prefetchQuery(siteDataQuery);
    return null;
  },
  children: [
    { index: true, element: <Navigate to="/mall/home" replace /> },
    { path: 'home', id: 'mall-home', handle: { title: '商城首页', searchGroup: 0 }, lazy: lazyPage(() => import('./home/MallHomePage.tsx')) },
    page('goodsList', { title: '商品列表', searchGroup: 0 }, () => import('./pages/GoodsListPage.tsx')),
    page('goodsSearch', { title: '消费扶贫', searchGroup: 0 }, () => import('./pages/GoodsSearchPage.tsx')),
    page('goodsDetail', { title: '商品详情', searchGroup: 0 }, () => import('./pages/GoodsDetailPage.tsx')),
    page('enquiry', { title: '采购询价', searchGroup: 2 }, () => import('./pages/EnquiryPage.tsx')),
    page('enquiryDetail', { title: '询价详情', searchGroup: 2 }, () => import('./pages/EnquiryDetailPage.tsx')),
    page('notice', { title: '行业资讯', searchGroup: 3 }, () => import('./pages/NoticePage.tsx')),
    page('articledetail', { title: '资讯详情', searchGroup: 3 }, () => import('./pages/ArticleDetailPage.tsx')),
    page('shopList', { title: '供应商', searchGroup: 0 }, () => import('./pages/ShopListPage.tsx')),
    page('pushershopList', { title: '采购商', searchGroup: 0 }, () => import('./pages/PusherShopListPage.tsx')),
    page('shopHome', { title: '店铺首页', searchGroup: 0 }, () => import('./pages/ShopHomePage.tsx')),
    page('bidindex', { title: '招标投标', searchGroup: 0 }, () => import('./pages/BidIndexPage.tsx')),
    page('bidDetail', { title: '招标详情', searchGroup: 0 }, () => import('./pages/BidDetailPage.tsx')),
  ],
};
