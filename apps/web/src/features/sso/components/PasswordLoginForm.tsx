import { useState } from 'react';
import { Button, Checkbox, Form } from 'antd';
import { Link } from 'react-router';
import { captchaCodeField, loginInput } from '@aquamall/shared';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { finishSignIn } from '../../../components/two-factor/sign-in.ts';
import { AccountInput, PasswordInput } from './inputs.tsx';
import { CaptchaInput, useCaptcha } from './CaptchaInput.tsx';
import { ssoApi } from '../api/sso.ts';

const rules = { ...formRules(loginInput), captchaCode: [zodRule(captchaCodeField)] };

interface Values {
  account: string;
  password: string;
  captchaCode?: string;
}

/** 账号密码 login: the picture captcha appears after 5 failures for the account (server decides). */
export function PasswordLoginForm({ returnUrl, rememberMe, onRemember }: { returnUrl: string | null; rememberMe: boolean; onRemember: (v: boolean) => void }) {
  const [form] = Form.useForm<Values>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha();

  const checkCaptcha = async (account: string) => {
    if (!account.trim()) return;
    const state = await ssoApi.loginCaptcha(account).catch(() => null);
    if (state) setNeedCaptcha(state.needCaptcha);
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await ssoApi.login({ account: v.account, password: v.password, rememberMe, captchaId: needCaptcha ? captcha.id : undefined, captchaCode: v.captchaCode });
      await finishSignIn(r, rememberMe, returnUrl);
    } catch {
      captcha.refresh();
      form.setFieldValue('captchaCode', '');
      await checkCaptcha(v.account);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} onFinish={submit} layout="vertical" requiredMark={false}>
      <Form.Item name="account" rules={rules.account}>
        <AccountInput placeholder="请输入账号" onBlur={(e) => void checkCaptcha(e.target.value)} aria-label="账号" />
      </Form.Item>
      <Form.Item name="password" rules={rules.password}>
        <PasswordInput aria-label="密码" autoComplete="current-password" />
      </Form.Item>
      {needCaptcha && (
        <Form.Item name="captchaCode" rules={rules.captchaCode}>
          <CaptchaInput captchaId={captcha.id} onRefresh={captcha.refresh} />
        </Form.Item>
      )}
      <div className="sso-links">
        <Checkbox checked={rememberMe} onChange={(e) => onRemember(e.target.checked)}>
          记住我（7天内免登录）
        </Checkbox>
        <Link to="/sso/forgetPwd">忘记密码？</Link>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        登录
      </Button>
    </Form>
  );
}
