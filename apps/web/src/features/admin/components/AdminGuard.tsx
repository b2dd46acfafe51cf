import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Result } from 'antd';
import { logout, useSession } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { TwoFactorGate } from '../../../components/two-factor/TwoFactorGate.tsx';

function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.extension.isPlatformAdmin) {
    return (
      <Result
        status="403"
        title="403"
        subTitle="平台管理后台仅对平台管理员开放，您的账号没有访问权限。"
        extra={[
          <Link key="home" to="/customer/home">
            <Button type="primary">返回工作台</Button>
          </Link>,
          <Button key="switch" onClick={() => logout({ returnUrl: '/admin' })}>
            切换账号
          </Button>,
        ]}
      />
    );
  }
  return <>{children}</>;
}

/** The console is for platform administrators: visitors go to login (returnUrl=/admin…), others see 403. */
export function AdminGuard({ children }: { children: ReactNode }) {
  return (
    <RequireAuth>
      <AdminOnly>
        <TwoFactorGate>{children}</TwoFactorGate>
      </AdminOnly>
    </RequireAuth>
  );
}
