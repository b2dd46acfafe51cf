import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Result, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyType, MerchantStatus, merchantMachine } from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { merchantKeys, myApplicationQuery } from '../api/merchant.ts';
import { ApplyStatus } from '../components/ApplyStatus.tsx';
import { ApplyWizard } from '../components/ApplyWizard.tsx';
import { MerchantShell } from '../components/MerchantShell.tsx';

const RETURN = encodeURIComponent('/merchant/apply');

function VisitorLanding() {
  return (
    <Card>
      <Result
        status="info"
        title="申请成为平台商家"
        subTitle="签署入驻协议、提交店铺类型所需资料，平台审核通过后即可开店并发布商品。请先登录供应商账号，还没有账号可以先注册。"
        extra={[
          <Link key="login" to={`/sso/login?returnUrl=${RETURN}`}>
            <Button type="primary">登录后申请</Button>
          </Link>,
          <Link key="reg" to={`/sso/register?type=merchant&returnUrl=${RETURN}`}>
            <Button>注册供应商账号</Button>
          </Link>,
        ]}
      />
    </Card>
  );
}

function Application() {
  const { user } = useSession();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const isSupplier = user?.extension.CompanyType === CompanyType.SUPPLIER;
  const { data, isLoading, refetch } = useQuery(myApplicationQuery(isSupplier));

  if (user?.extension.isPlatformAdmin) {
    return <Result status="info" title="平台管理员无需入驻" extra={<Link to="/admin">进入管理后台</Link>} />;
  }
  if (!isSupplier) {
    return (
      <Card>
        <Result
          status="warning"
          title="采购商账号不能申请入驻"
          subTitle="商家入驻需要供应商账号。请使用供应商账号登录，或注册一个新的供应商账号后再申请。"
          extra={[
            <Link key="reg" to={`/sso/register?type=merchant&returnUrl=${RETURN}`}>
              <Button type="primary">注册供应商账号</Button>
            </Link>,
            <Link key="mall" to="/mall">
              <Button>返回商城</Button>
            </Link>,
          ]}
        />
      </Card>
    );
  }
  if (isLoading || !data) return <Spin style={{ display: 'block', margin: 80 }} />;
  const status = data.application.status;
  // The form shows where the state table lets the applicant submit: at once before a first submission, after a
  // rejection once they choose to edit.
  if (merchantMachine.can('submit', status) && (status === MerchantStatus.NONE || editing)) {
    return (
      <ApplyWizard
        initial={data.application}
        onSubmitted={async () => {
          setEditing(false);
          await qc.invalidateQueries({ queryKey: merchantKeys.application });
          await refetch();
        }}
      />
    );
  }
  return <ApplyStatus data={data} onEdit={() => setEditing(true)} />;
}

/** /merchant/apply: the site's merchant-entry link. */
export default function ApplyPage() {
  const { token } = useSession();
  return (
    <MerchantShell>
      {token ? (
        <RequireAuth>
          <Application />
        </RequireAuth>
      ) : (
        <VisitorLanding />
      )}
    </MerchantShell>
  );
}
