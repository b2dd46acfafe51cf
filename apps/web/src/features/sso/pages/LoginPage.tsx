import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Tabs } from 'antd';
import { clientStore } from '../../../lib/storage.ts';
import { HOME_PATH, safeReturnUrl, useSession } from '../../session/index.ts';
import { OldBrowserDialog } from '../components/OldBrowserDialog.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { CodeLoginForm } from '../components/CodeLoginForm.tsx';
import { WechatLogin } from '../components/WechatLogin.tsx';

/** SPEC §2 sso-login: four ways in; optional returnUrl; a signed-in visitor goes straight to the mall. */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const { token } = useSession();
  // Signed in on arrival → mall home. A login made on this page navigates itself (to returnUrl).
  const [signedInOnArrival] = useState(() => !!token);
  const [tab, setTab] = useState('password');
  const [rememberMe, setRememberMe] = useState(() => clientStore.getRememberMe());
  if (signedInOnArrival) return <Navigate to={HOME_PATH} replace />;

  const shared = { returnUrl, rememberMe, onRemember: setRememberMe };
  return (
    <div className="sso-login">
      <OldBrowserDialog />
      <section className="sso-hero">
        <h1>水处理与大宗商品<br />一站式采购平台</h1>
        <p>连接采购商与优质供应商，询价、比价、下单、对账一站完成。</p>
        <ul>
          <li>海量水处理药剂、设备与膜组件</li>
          <li>在线询价报价，多家比价</li>
          <li>订单、发票、信用账户全流程管理</li>
        </ul>
      </section>
      <section className="sso-login-form">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          destroyOnHidden
          items={[
            { key: 'password', label: '账号密码', children: <PasswordLoginForm {...shared} /> },
            { key: 'sms', label: '短信验证码', children: <CodeLoginForm kind="sms" {...shared} /> },
            { key: 'email', label: '邮箱验证码', children: <CodeLoginForm kind="email" {...shared} /> },
            { key: 'wechat', label: '微信扫码', children: <WechatLogin returnUrl={returnUrl} rememberMe={rememberMe} /> },
          ]}
        />
        <p style={{ textAlign: 'center', marginTop: 20 }}>
          还没有账号？<Link to="/sso/register">立即注册</Link>
          <span style={{ margin: '0 10px', color: 'var(--am-border)' }}>|</span>
          <Link to="/sso/register?type=merchant">商家入驻</Link>
        </p>
      </section>
    </div>
  );
}
