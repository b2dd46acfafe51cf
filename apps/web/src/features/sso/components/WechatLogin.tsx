import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { wxBindInput, type WxQr } from '@aquamall/shared';
import { navigateTo } from '../../session/index.ts';
import { finishSignIn } from '../../../components/two-factor/sign-in.ts';
import { CodeInput } from './inputs.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { newCaptchaId } from './CaptchaInput.tsx';
import { sendCodeToFormPhone, ssoApi, wechatSocketUrl } from '../api/sso.ts';

type Status = 'loading' | 'waiting' | 'confirmed' | 'bind' | 'done' | 'expired' | 'error';
type Qr = WxQr;
const rules = formRules(wxBindInput);

/**
 * 微信扫码: shows the QR of a fresh ticket and listens on the socket. A known WeChat user continues on
 * /sso/wxCallback; an unknown one binds an account here with phone + SMS code.
 */
export function WechatLogin({ returnUrl, rememberMe }: { returnUrl: string | null; rememberMe: boolean }) {
  const clientId = useRef(newCaptchaId());
  const [qr, setQr] = useState<Qr | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [binding, setBinding] = useState(false);
  const [form] = Form.useForm<{ phone: string; code: string }>();

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      setQr(await ssoApi.wxQr(clientId.current));
      setStatus('waiting');
    } catch {
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!qr) return;
    const ws = new WebSocket(wechatSocketUrl(qr.ticket));
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data)) as { status: Status };
      if (msg.status === 'confirmed') {
        const q = new URLSearchParams({ ticket: qr.ticket, id: clientId.current, rememberMe: String(rememberMe) });
        if (returnUrl) q.set('returnUrl', returnUrl);
        navigateTo(`/sso/wxCallback?${q.toString()}`);
      }
      setStatus((s) => (s === 'done' ? s : msg.status));
    };
    return () => ws.close();
  }, [qr, rememberMe, returnUrl]);

  const bind = async (v: { phone: string; code: string }) => {
    if (!qr) return;
    setBinding(true);
    try {
      const r = await ssoApi.wxBind({ ticket: qr.ticket, id: clientId.current, phone: v.phone, code: v.code, rememberMe });
      await finishSignIn(r, rememberMe, returnUrl);
    } catch {
      /* shown by the API client */
    } finally {
      setBinding(false);
    }
  };

  if (status === 'bind') {
    const sendBind = () => sendCodeToFormPhone(form, 'bind');
    return (
      <div>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="首次使用微信登录，请绑定已注册的手机号账号" />
        <Form form={form} onFinish={bind} layout="vertical" requiredMark={false}>
          <Form.Item name="phone" rules={rules.phone}>
            <Input size="large" maxLength={11} placeholder="请输入已注册的手机号" aria-label="绑定手机号" />
          </Form.Item>
          <div className="sso-row">
            <Form.Item name="code" rules={rules.code} style={{ flex: 1 }}>
              <CodeInput aria-label="绑定验证码" />
            </Form.Item>
            <SmsCodeButton onSend={sendBind} />
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={binding}>
            绑定并登录
          </Button>
        </Form>
      </div>
    );
  }

  return (
    <div className="sso-qr">
      <div className="sso-qr-box">
        {qr && <img src={qr.qrImage} alt="微信登录二维码" />}
        {status === 'loading' && <Spin />}
        {(status === 'expired' || status === 'error') && (
          <div className="sso-qr-mask" onClick={() => void load()} role="button" tabIndex={0}>
            <span>{status === 'expired' ? '二维码已失效' : '二维码获取失败'}</span>
            <Button icon={<ReloadOutlined />} type="primary">
              点击刷新
            </Button>
          </div>
        )}
      </div>
      <p>请使用微信扫一扫，关注公众号后登录</p>
      {qr?.sandbox && qr.scanUrl && (
        <p className="sso-tip">
          离线沙箱：
          <a href={qr.scanUrl} target="_blank" rel="noreferrer">
            模拟手机扫码
          </a>
        </p>
      )}
    </div>
  );
}
