import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { inviteAcceptInput, type InviteAcceptInput } from '@aquamall/shared';
import { zodRule } from '../../../lib/form-rules.ts';
import { completeLogin } from '../../session/index.ts';
import { SsoCard } from '../SsoLayout.tsx';
import { CodeAndPasswordFields } from '../components/CodeAndPasswordFields.tsx';
import { sendCodeToFormPhone, ssoApi } from '../api/sso.ts';

type Values = Omit<InviteAcceptInput, 'rememberMe'>;
const phoneRules = [zodRule(inviteAcceptInput.shape.phone)];

/**
 * sso/invite: a company invited this mobile number. Its owner proves the number with the SMS code (sent with
 * the invitation, or again from here), chooses a password and joins the company, signed in at once.
 */
export default function InvitePage() {
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const send = () => sendCodeToFormPhone(form, 'invite');
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await ssoApi.acceptInvite({ ...v, rememberMe: false });
      await completeLogin(r.authToken, r.userInfo, false, '/customer');
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <SsoCard title="接受企业邀请">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="企业管理员邀请了您的手机号。请输入收到的短信验证码并设置登录密码，即可加入该企业。已注册的手机号不能接受邀请。"
      />
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ phone: query.get('phone') ?? '' }}>
        <Form.Item name="phone" label="手机号" rules={phoneRules}>
          <Input size="large" maxLength={11} placeholder="请输入被邀请的手机号" />
        </Form.Item>
        <CodeAndPasswordFields
          schema={inviteAcceptInput}
          onSend={send} codeExtra="验证码5分钟内有效，过期请重新获取"
          password={{ label: '设置密码', placeholder: '请设置登录密码' }}
          confirm={{ label: '确认密码', placeholder: '请再次输入密码' }}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          加入企业
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/sso/login">已有账号？去登录</Link>
        </p>
      </Form>
    </SsoCard>
  );
}
