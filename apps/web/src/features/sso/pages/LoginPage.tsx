import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Tabs } from 'antd';
import type { LoginMethods } from '@aquamall/shared';
import { useSiteFeatures } from '../../../lib/site-features.ts';
import { clientStore } from '../../../lib/storage.ts';
import { HOME_PATH, safeReturnUrl, useSession } from '../../session/index.ts';
import { OldBrowserDialog } from '../components/OldBrowserDialog.tsx';
import { PasswordLoginForm } from '../components/PasswordLoginForm.tsx';
import { CodeLoginForm } from '../components/CodeLoginForm.tsx';
import { WechatLogin } from '../components/WechatLogin.tsx';

/** What a tab shows instead of its form when the server has that partner switched off (docs/product/deployment.md#partners-and-sandboxes). */
const OFF_TEXT: Record<Exclude<keyof LoginMethods, 'password'>, string> = {
  sms: '短信登录暂未开通，请使用账号密码登录。',
  email: '邮箱验证码登录暂未开通，请使用其他方式登录。',
  wechat: '微信扫码登录暂未开通，请使用其他方式登录。',
};

function MethodOff({ method }: { method: keyof typeof OFF_TEXT }) {
  return <Alert type="info" showIcon title={OFF_TEXT[method]} style={{ margin: '24px 0' }} />;
}

/**
 * sso-login (docs/product/accounts.md#sign-in-pages): four ways in; optional returnUrl; a signed-in visitor goes straight to the mall. A way
 * whose partner is not configured on the server keeps its tab but explains that it is not available.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const { token } = useSession();
  // Signed in on arrival → mall home. A login made on this page navigates itself (to returnUrl).
  const [signedInOnArrival] = useState(() => !!token);
  const [tab, setTab] = useState('password');
  const [rememberMe, setRememberMe] = useState(() => clientStore.getRememberMe());
  const features = useSiteFeatures();
  // Until the server has answered, every way is offered; a failed answer leaves the decision to the server.
  const on = (m: keyof typeof OFF_TEXT) => features?.loginMethods[m] !== false;
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
            { key: 'sms', label: '短信验证码', children: on('sms') ? <CodeLoginForm kind="sms" {...shared} /> : <MethodOff method="sms" /> },
            {
              key: 'email',
              label: '邮箱验证码',
              children: on('email') ? <CodeLoginForm kind="email" {...shared} /> : <MethodOff method="email" />,
            },
            {
              key: 'wechat',
              label: '微信扫码',
              children: on('wechat') ? <WechatLogin returnUrl={returnUrl} rememberMe={rememberMe} /> : <MethodOff method="wechat" />,
            },
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
