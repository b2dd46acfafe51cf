import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input } from 'antd';
import { navigateTo } from '../../session/index.ts';
import { SsoCard } from '../SsoLayout.tsx';
import { CodeAndPasswordFields } from '../components/CodeAndPasswordFields.tsx';
import { forgetPasswordInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { sendCodeToFormPhone, ssoApi } from '../api/sso.ts';

const rules = formRules(forgetPasswordInput);

/** forgetPwd (docs/product/accounts.md#sign-in-pages): phone + SMS code + new password; every session of the account ends. */
export default function ForgetPwdPage() {
  const [form] = Form.useForm<{ phone: string; code: string; password: string; confirmPassword: string }>();
  const [busy, setBusy] = useState(false);
  const send = () => sendCodeToFormPhone(form, 'forget');
  const submit = async (v: { phone: string; code: string; password: string; confirmPassword: string }) => {
    setBusy(true);
    try {
      await ssoApi.forgetPassword(v);
      navigateTo('/sso/login', { replace: true });
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <SsoCard title="找回密码">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="phone" label="手机号" rules={rules.phone} extra="仅已注册的手机号可收到验证码">
          <Input size="large" maxLength={11} placeholder="请输入注册时的手机号" />
        </Form.Item>
        <CodeAndPasswordFields
          schema={forgetPasswordInput}
          onSend={send}
          password={{ label: '新密码', placeholder: '请输入新密码' }}
          confirm={{ label: '确认新密码', placeholder: '请再次输入新密码' }}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          重置密码
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/sso/login">返回登录</Link>
        </p>
      </Form>
    </SsoCard>
  );
}
