import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { logout, useSession } from '../../session/index.ts';
import { AdminGuard } from './AdminGuard.tsx';
import './admin-layout.css';

const item = (key: string, label: string) => ({ key: `/admin/${key}`, label: <Link to={`/admin/${key}`}>{label}</Link> });
const MENU: MenuProps['items'] = [
  { key: '/admin/', label: <Link to="/admin">概览</Link> },
  { key: 'review', label: '审核', type: 'group', children: [item('merchant', '商家入驻审核'), item('certification', '企业认证审核'), item('member-upgrades', '会员升级确认')] },
  { key: 'ops', label: '运营', type: 'group', children: [item('companies', '企业管理'), item('categories', '商品分类'), item('products', '商品管理')] },
  {
    key: 'content',
    label: '站点内容',
    type: 'group',
    children: [item('banners', '轮播图'), item('menus', '导航与页脚'), item('articles', '新闻资讯'), item('partners', '合作企业'), item('settings', '站点设置')],
  },
  { key: 'system', label: '系统', type: 'group', children: [item('workbench-menus', '工作台菜单'), item('role-presets', '预设角色'), item('audit', '操作日志')] },
];

/** Below antd's `md` breakpoint (768 px) the sider collapses. */
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767.98px)').matches;

function Shell() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const selected = '/admin/' + (pathname.split('/')[2] ?? '');
  // Phones: the menu collapses behind a trigger and closes again after every navigation.
  const [narrow, setNarrow] = useState(isNarrow);
  const [collapsed, setCollapsed] = useState(isNarrow);
  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [pathname, narrow]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header className="adm-header" style={{ display: 'flex', alignItems: 'center', gap: 16, background: '#001529' }}>
        <Link to="/admin" style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>
          平台管理后台
        </Link>
        <span style={{ flex: 1 }} />
        <span className="adm-hide-sm" style={{ color: 'rgba(255,255,255,.8)' }}>{user?.realName || user?.nickName || '管理员'}</span>
        <Link to="/" style={{ color: 'rgba(255,255,255,.8)' }}>
          网站首页
        </Link>
        <Button size="small" onClick={() => logout({ returnUrl: '/admin' })}>
          退出
        </Button>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={200}
          theme="light"
          className="adm-sider"
          breakpoint="md"
          collapsedWidth={0}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
        >
          {!collapsed && <Menu mode="inline" selectedKeys={[selected]} items={MENU} style={{ borderRight: 0 }} />}
        </Layout.Sider>
        {narrow && !collapsed && <div className="wb-mask" aria-hidden onClick={() => setCollapsed(true)} />}
        <Layout.Content className="adm-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The /admin console frame (platform administrators only). */
export function AdminLayout() {
  return (
    <AdminGuard>
      <Shell />
    </AdminGuard>
  );
}
