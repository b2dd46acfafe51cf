import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { logout } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { SsoCard } from '../SsoLayout.tsx';
import { PasswordInput } from '../components/inputs.tsx';
import { PASSWORD_HINT, PASSWORD_RULES } from '../components/password-rules.ts';
import { ssoApi } from '../api/sso.ts';
import { confirmRules } from '../components/confirm-rule.ts';
import { modifyPasswordInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';

const rules = formRules(modifyPasswordInput);

function UpdatePwdForm() {
  const [busy, setBusy] = useState(false);
  const submit = async (v: { oldPassword: string; password: string; confirmPassword: string }) => {
    setBusy(true);
    try {
      await ssoApi.modifyPassword(v);
      // Every session ended on the server, this one too: sign in again with the new password.
      await logout({}, false);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <SsoCard title="修改密码">
      <Alert type="info" showIcon style={{ marginBottom: 20 }} title="修改成功后，所有设备上的登录都将失效，请使用新密码重新登录。" />
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="oldPassword" label="原密码" rules={rules.oldPassword}>
          <PasswordInput autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <Form.Item name="password" label="新密码" rules={PASSWORD_RULES} extra={PASSWORD_HINT}>
          <PasswordInput autoComplete="new-password" placeholder="请输入新密码" />
        </Form.Item>
        <Form.Item name="confirmPassword" label="确认新密码" dependencies={['password']} rules={confirmRules(modifyPasswordInput.shape.confirmPassword)}>
          <PasswordInput autoComplete="new-password" placeholder="请再次输入新密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          确认修改
        </Button>
      </Form>
    </SsoCard>
  );
}

/** docs/product/accounts.md#sign-in-pages updatePwd (login required). */
export default function UpdatePwdPage() {
  return (
    <RequireAuth>
      <UpdatePwdForm />
    </RequireAuth>
  );
}
