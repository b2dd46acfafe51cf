import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { loadUser, navigateTo, useSession } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { SsoCard } from '../SsoLayout.tsx';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { replacePhoneInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { CodeInput } from '../components/inputs.tsx';
import { sent, ssoApi } from '../api/sso.ts';

const rules = formRules(replacePhoneInput);
const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

function ModifyPhoneForm() {
  const { user } = useSession();
  const [form] = Form.useForm<{ oldCode: string; newPhone: string; newCode: string }>();
  const [busy, setBusy] = useState(false);
  const sendNew = async () => {
    try {
      await form.validateFields(['newPhone']);
    } catch {
      return false;
    }
    return sent(() => ssoApi.sendCode({ phone: form.getFieldValue('newPhone') as string, purpose: 'newphone' }));
  };
  const submit = async (v: { oldCode: string; newPhone: string; newCode: string }) => {
    setBusy(true);
    try {
      // docs/product/api-envelope.md#identity-calls: this call is form-encoded.
      await ssoApi.replacePhone(v);
      await loadUser('latest');
      navigateTo('/customer/safe');
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <SsoCard title="更换手机号">
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={`当前手机号 ${mask(user?.phone ?? '')} 的验证码`} required>
          <div className="sso-row">
            <Form.Item name="oldCode" noStyle rules={rules.oldCode}>
              <CodeInput aria-label="原手机号验证码" />
            </Form.Item>
            <SmsCodeButton onSend={() => sent(() => ssoApi.sendCode({ purpose: 'oldphone' }))} />
          </div>
        </Form.Item>
        <Form.Item name="newPhone" label="新手机号" rules={rules.newPhone}>
          <Input size="large" maxLength={11} placeholder="请输入新手机号" />
        </Form.Item>
        <Form.Item label="新手机号验证码" required>
          <div className="sso-row">
            <Form.Item name="newCode" noStyle rules={rules.newCode}>
              <CodeInput aria-label="新手机号验证码" />
            </Form.Item>
            <SmsCodeButton onSend={sendNew} />
          </div>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          确认更换
        </Button>
      </Form>
    </SsoCard>
  );
}

/** docs/product/accounts.md#sign-in-pages modifyPhone (login required): proves the current number and the new one. */
export default function ModifyPhonePage() {
  return (
    <RequireAuth>
      <ModifyPhoneForm />
    </RequireAuth>
  );
}
