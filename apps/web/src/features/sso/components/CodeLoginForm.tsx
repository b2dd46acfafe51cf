import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import type { SignInResult } from '@aquamall/shared';
import { finishSignIn } from '../../../components/two-factor/sign-in.ts';
import { emailLoginInput, phoneLoginInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { CodeInput } from './inputs.tsx';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { sent, ssoApi } from '../api/sso.ts';

const smsRules = formRules(phoneLoginInput);
const emailRules = formRules(emailLoginInput);

interface Props {
  kind: 'sms' | 'email';
  returnUrl: string | null;
  rememberMe: boolean;
  onRemember: (v: boolean) => void;
}

/** 短信验证码 and 邮箱验证码 login: one form, two channels. */
export function CodeLoginForm({ kind, returnUrl, rememberMe, onRemember }: Props) {
  const [form] = Form.useForm<{ target: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const sms = kind === 'sms';

  const send = async () => {
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    const target = form.getFieldValue('target') as string;
    return sent(() => (sms ? ssoApi.sendCode({ phone: target, purpose: 'login' }) : ssoApi.sendEmailCode(target)));
  };

  const submit = async (v: { target: string; code: string }) => {
    setBusy(true);
    try {
      const r: SignInResult = sms
        ? await ssoApi.loginByPhone({ phone: v.target, code: v.code, rememberMe })
        : await ssoApi.loginByEmail({ email: v.target, code: v.code, rememberMe });
      await finishSignIn(r, rememberMe, returnUrl);
    } catch {
      /* the message is shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} onFinish={submit} layout="vertical" requiredMark={false}>
      <Form.Item
        name="target"
        rules={sms ? smsRules.phone : emailRules.email}
      >
        <Input size="large" maxLength={sms ? 11 : 120} placeholder={sms ? '请输入手机号' : '请输入已绑定的邮箱'} aria-label={sms ? '手机号' : '邮箱'} />
      </Form.Item>
      <div className="sso-row">
        <Form.Item name="code" rules={smsRules.code} style={{ flex: 1 }}>
          <CodeInput aria-label="验证码" />
        </Form.Item>
        <SmsCodeButton onSend={send} />
      </div>
      <div className="sso-links">
        <Checkbox checked={rememberMe} onChange={(e) => onRemember(e.target.checked)}>
          记住我（7天内免登录）
        </Checkbox>
        <span className="sso-tip">{sms ? '仅已注册的手机号可收到验证码' : '需先在个人资料中绑定邮箱'}</span>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}
