import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { Layout } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { WORKBENCH_SIDER_WIDTH } from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { highlightKey, pickMenuKey } from '../lib/highlight.ts';
import { routeGate, shellGate, type WorkbenchHandle } from '../lib/gates.ts';
import { useQuery } from '@tanstack/react-query';
import { useWebMenus } from '../api/menus.ts';
import { myAccessQuery } from '../api/access.ts';
import { WorkbenchHeader } from './WorkbenchHeader.tsx';
import { WorkbenchMenu } from './WorkbenchMenu.tsx';
import { FollowQrCode } from './FollowQrCode.tsx';
import { GateBlocked } from './GateBlocked.tsx';
import { PageSpin } from '../../../components/PageSpin.tsx';
import { LiveInbox } from './LiveInbox.tsx';
import { TwoFactorGate } from '../../../components/two-factor/TwoFactorGate.tsx';

/** The /customer workbench (docs/product/workbench.md#layout): login required, header, 216 px menu sider, gated content. */
export function WorkbenchLayout() {
  return (
    <RequireAuth>
      <TwoFactorGate>
        <WorkbenchShell />
      </TwoFactorGate>
    </RequireAuth>
  );
}

/** Below antd's `md` breakpoint (768 px) the sider collapses. */
const isNarrow = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767.98px)').matches;

function WorkbenchShell() {
  const { user } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => m.handle)?.handle as WorkbenchHandle | undefined;
  const menus = useWebMenus();
  const highlight = highlightKey(location.pathname, location.search, pickMenuKey(handle?.menuKey, menus.data?.flat));
  const access = useQuery(myAccessQuery);
  const gate = shellGate(
    routeGate(handle, location.search, user?.extension),
    highlight,
    menus.data?.flat,
    access.data,
    menus.isPending || access.isPending,
  );

  // Phones: the sider starts collapsed and closes again after every navigation.
  const [narrow, setNarrow] = useState(isNarrow);
  const [collapsed, setCollapsed] = useState(isNarrow);

  // Scroll to top after every navigation, query changes included.
  useEffect(() => {
    window.scrollTo(0, 0);
    if (narrow) setCollapsed(true);
  }, [location.key, narrow]);

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="workbench">
      <WorkbenchHeader user={user} />
      <LiveInbox companyId={user?.extension.CompanyId || undefined} />
      <Layout>
        <Layout.Sider
          width={WORKBENCH_SIDER_WIDTH}
          theme="light"
          className="wb-sider"
          breakpoint="md"
          collapsedWidth={0}
          collapsed={collapsed}
          onCollapse={setCollapsed}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setCollapsed(broken);
          }}
          style={{
            borderInlineEnd: '1px solid #f0f0f0',
            position: 'sticky',
            top: 56,
            alignSelf: 'flex-start',
            height: 'calc(100vh - 56px)',
          }}
          data-testid="workbench-sider"
        >
          {/* A collapsed (phone) sider renders nothing: its menu would otherwise pop its open submenu out. */}
          {!collapsed && (
            <>
              <Link
                to="/customer/home"
                style={{
                  display: 'block',
                  padding: '14px 24px',
                  fontWeight: 600,
                  color: location.pathname === '/customer/home' ? '#0b6bcb' : '#262626',
                }}
              >
                <HomeOutlined /> 工作台首页
              </Link>
              <WorkbenchMenu highlight={highlight} />
              <FollowQrCode />
            </>
          )}
        </Layout.Sider>
        {narrow && !collapsed && <div className="wb-mask" aria-hidden onClick={() => setCollapsed(true)} />}
        <Layout.Content className="wb-content">
          {gate === 'loading' ? (
            <PageSpin testId="workbench-gate-loading" />
          ) : gate ? (
            <GateBlocked gate={gate} where={location.pathname + location.search} />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
