import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Result, Spin } from 'antd';
import { useInstallNavigator } from '../../session/index.ts';
import { finishSignIn } from '../../../components/two-factor/sign-in.ts';
import { ssoApi } from '../api/sso.ts';

/** docs/product/accounts.md#sign-in-pages wxCallback (no layout): finishes a WeChat QR login once the scan is confirmed. */
export default function WxCallbackPage() {
  useInstallNavigator();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = params.get('ticket') ?? '';
    const id = params.get('id') ?? '';
    const rememberMe = params.get('rememberMe') === 'true';
    ssoApi
      .wxLogin(ticket, id, rememberMe)
      .then((r) => finishSignIn(r, rememberMe, params.get('returnUrl')))
      .catch(() => setFailed(true));
  }, [params]);
  if (failed) {
    return <Result status="warning" title="微信登录未完成" subTitle="二维码已失效或已使用，请重新扫码" extra={<Link to="/sso/login">返回登录</Link>} />;
  }
  return (
    <div style={{ padding: 120, textAlign: 'center' }}>
      <Spin size="large" />
      <p style={{ marginTop: 16 }}>正在登录…</p>
    </div>
  );
}
