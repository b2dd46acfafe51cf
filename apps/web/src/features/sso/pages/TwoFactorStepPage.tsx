import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Button, Checkbox, Form, Input } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { recoveryCodeField, totpCodeField, TWO_FACTOR_DEVICE_DAYS } from '@aquamall/shared';
import { zodRule } from '../../../lib/form-rules.ts';
import { completeLogin } from '../../session/index.ts';
import { twoFactorApi } from '../../../components/two-factor/api.ts';
import { clearPendingSignIn, pendingSignIn } from '../../../components/two-factor/sign-in.ts';

interface Values {
  code: string;
  rememberDevice: boolean;
}

/**
 * /sso/login/verify: the second step of every sign-in method when two-factor sign-in is on. Takes the
 * 6-digit code of the authenticator app, or one of the recovery codes.
 */
export function SecondStepPage() {
  const [pending] = useState(pendingSignIn);
  const [recovery, setRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  if (!pending) return <Navigate to="/sso/login" replace />;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await twoFactorApi.verify({ token: pending.token, code: v.code.trim(), rememberDevice: !!v.rememberDevice });
      clearPendingSignIn();
      await completeLogin(r.authToken, r.userInfo, pending.rememberMe, pending.returnUrl);
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sso-card two-factor-step" style={{ width: 420 }}>
      <div className="sso-card-title">
        <SafetyCertificateOutlined style={{ color: 'var(--am-primary)', marginRight: 8 }} />
        两步验证
      </div>
      <p style={{ color: 'var(--am-text-2)', marginBottom: 20 }}>
        {recovery ? '请输入一个未使用过的恢复码（每个恢复码只能使用一次）。' : '请打开手机上的身份验证器（如 Google Authenticator、Microsoft Authenticator），输入显示的 6 位验证码。'}
      </p>
      <Form form={form} onFinish={submit} layout="vertical" requiredMark={false} initialValues={{ rememberDevice: false }}>
        <Form.Item
          name="code"
          rules={[zodRule(recovery ? recoveryCodeField : totpCodeField)]}
        >
          <Input
            size="large"
            autoFocus
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 12 : 6}
            placeholder={recovery ? '请输入恢复码，如 abcde-12345' : '请输入6位验证码'}
            aria-label={recovery ? '恢复码' : '验证码'}
          />
        </Form.Item>
        <Form.Item name="rememberDevice" valuePropName="checked">
          <Checkbox>记住此设备 {TWO_FACTOR_DEVICE_DAYS} 天</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          验证并登录
        </Button>
      </Form>
      <div className="sso-links" style={{ marginTop: 16 }}>
        <a
          onClick={() => {
            setRecovery(!recovery);
            form.setFieldValue('code', '');
          }}
        >
          {recovery ? '使用验证器验证码' : '手机不在身边？使用恢复码'}
        </a>
        <Link to="/sso/login" onClick={clearPendingSignIn}>
          返回登录
        </Link>
      </div>
    </div>
  );
}
