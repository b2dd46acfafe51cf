import { useState } from 'react';
import { useLocation } from 'react-router';
import { AppstoreOutlined } from '@ant-design/icons';
import type { NavLink } from '@aquamall/shared';
import { NavAnchor } from '../../../components/NavAnchor.tsx';
import { CategoryMenu } from './CategoryMenu.tsx';

/** Used until the site data arrives, and when it has no mall navigation. */
export const DEFAULT_MALL_NAV: Pick<NavLink, 'title' | 'linkUrl' | 'target'>[] = [
  { title: '商城首页', linkUrl: '/mall/home', target: '_self' },
  { title: '找商品', linkUrl: '/mall/goodsList', target: '_self' },
  { title: '供应商', linkUrl: '/mall/shopList', target: '_self' },
  { title: '采购商', linkUrl: '/mall/pushershopList', target: '_self' },
  { title: '采购询价', linkUrl: '/mall/enquiry', target: '_self' },
  { title: '招标投标', linkUrl: '/mall/bidindex', target: '_self' },
  { title: '消费扶贫', linkUrl: '/mall/goodsSearch', target: '_self' },
  { title: '行业资讯', linkUrl: '/mall/notice', target: '_self' },
];

/**
 * The mall navigation bar. The 全部商品分类 button opens the catalogue on hover; on the mall home the catalogue
 * is always open beside the banners, so the button only labels it.
 */
export function MallNav({ items, catalogueOpen }: { items: Pick<NavLink, 'title' | 'linkUrl' | 'target'>[]; catalogueOpen: boolean }) {
  const { pathname } = useLocation();
  const [hover, setHover] = useState(false);
  const links = items.length ? items : DEFAULT_MALL_NAV;
  return (
    <div className="am-nav">
      <div className="am-container am-nav-row">
        <div className="am-nav-all" onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)}>
          <span className="am-nav-all-label">
            <AppstoreOutlined /> 全部商品分类
          </span>
          {!catalogueOpen && hover ? <CategoryMenu className="am-cat-dropdown" /> : null}
        </div>
        <nav className="am-nav-links" aria-label="商城导航">
          {links.map((l) => {
            const path = l.linkUrl.split('?')[0];
            const active = path === pathname || (path === '/mall/home' && pathname === '/mall');
            return (
              <NavAnchor key={l.title} href={l.linkUrl} target={l.target} className={active ? 'is-active' : undefined}>
                {l.title}
              </NavAnchor>
            );
          })}
        </nav>
      </div>
    </div>
  );
}
