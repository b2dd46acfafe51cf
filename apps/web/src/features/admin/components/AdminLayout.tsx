import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import { logout, useSession } from '../../session/index.ts';
import { CONSOLE_HOME, CONSOLE_SECTIONS } from '../console-pages.ts';
import { AdminGuard } from './AdminGuard.tsx';
import './admin-layout.css';

/** The menu, from the console's page tree (the same tree gives the routes). */
const MENU: MenuProps['items'] = [
  { key: '/admin/', label: <Link to="/admin">{CONSOLE_HOME.menuLabel}</Link> },
  ...CONSOLE_SECTIONS.map((s) => ({
    key: s.key,
    label: s.label,
    type: 'group' as const,
    children: s.pages.map((p) => ({ key: `/admin/${p.path}`, label: <Link to={`/admin/${p.path}`}>{p.title}</Link> })),
  })),
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
