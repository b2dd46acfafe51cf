import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Checkbox, Form, Input, Radio, Segmented } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { captchaCodeField, CompanyType, registerInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { AgreementDialog } from '../../../components/AgreementDialog.tsx';
import { PrivacyDialog } from '../../../components/PrivacyDialog.tsx';
import { completeLogin, safeReturnUrl } from '../../session/index.ts';
import { SsoCard } from '../SsoLayout.tsx';
import { OldBrowserDialog } from '../components/OldBrowserDialog.tsx';
import { CaptchaInput, useCaptcha } from '../components/CaptchaInput.tsx';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { CodeInput, PasswordInput } from '../components/inputs.tsx';
import { confirmRules } from '../components/confirm-rule.ts';
import { PASSWORD_HINT, PASSWORD_RULES } from '../components/password-rules.ts';
import { registerDetailQuery, sent, ssoApi } from '../api/sso.ts';

const rules = formRules(registerInput);

interface Values {
  companyType: number;
  companyName: string;
  realName?: string;
  phone: string;
  captchaCode: string;
  code: string;
  password: string;
  confirmPassword: string;
  agree: boolean;
}

/** register (docs/product/accounts.md#registration): user or merchant registration; creates the company and its administrator. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const [registerType, setRegisterType] = useState<'user' | 'merchant'>(params.get('type') === 'merchant' ? 'merchant' : 'user');
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const [dialog, setDialog] = useState<'agreement' | 'privacy' | null>(null);
  const [busy, setBusy] = useState(false);
  // registerdetail (docs/product/api-envelope.md#identity-calls): the form's options (company types, password rule) from the server.
  const detail = useQuery({ ...registerDetailQuery, staleTime: Infinity });
  const companyTypes = detail.data?.companyTypes ?? [
    { value: CompanyType.PURCHASER, label: '采购商' },
    { value: CompanyType.SUPPLIER, label: '供应商' },
  ];
  const passwordRule = detail.data?.passwordRule ?? PASSWORD_HINT;

  const switchType = (t: 'user' | 'merchant') => {
    setRegisterType(t);
    if (t === 'merchant') form.setFieldValue('companyType', CompanyType.SUPPLIER);
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return false;
    }
    // The picture captcha guards sending the SMS only; it is not part of the registration itself.
    const typed = captchaCodeField.safeParse(form.getFieldValue('captchaCode') ?? '');
    if (!typed.success) {
      form.setFields([{ name: 'captchaCode', errors: [typed.error.issues[0]?.message ?? ''] }]);
      return false;
    }
    const ok = await sent(() =>
      ssoApi.sendCode({ phone: form.getFieldValue('phone') as string, purpose: 'register', captchaId: captcha.id, captchaCode: form.getFieldValue('captchaCode') as string }),
    );
    // A captcha is single use: the next send needs a new one.
    captcha.refresh();
    form.setFieldValue('captchaCode', '');
    return ok;
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await ssoApi.register({
        phone: v.phone,
        code: v.code,
        password: v.password,
        confirmPassword: v.confirmPassword,
        companyName: v.companyName,
        companyType: v.companyType,
        realName: v.realName,
        registerType,
        // The checkbox's rule insists on it; the server refuses anything but true.
        agree: v.agree as true,
      });
      const next = safeReturnUrl(params.get('returnUrl')) ?? (registerType === 'merchant' ? '/merchant/apply' : null);
      await completeLogin(r.authToken, r.userInfo, false, next);
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <SsoCard title={registerType === 'merchant' ? '商家入驻注册' : '企业用户注册'} width={520}>
      <OldBrowserDialog />
      <Segmented
        block
        value={registerType}
        onChange={(v) => switchType(v as 'user' | 'merchant')}
        options={[
          { value: 'user', label: '用户注册' },
          { value: 'merchant', label: '商家入驻' },
        ]}
        style={{ marginBottom: 20 }}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ companyType: registerType === 'merchant' ? CompanyType.SUPPLIER : CompanyType.PURCHASER, agree: false }}
      >
        <Form.Item name="companyType" label="企业类型" rules={rules.companyType}>
          <Radio.Group>
            {/* Merchant entry is for suppliers: the purchaser type is not offered there at all. */}
            {companyTypes
              .filter((t) => registerType !== 'merchant' || t.value === CompanyType.SUPPLIER)
              .map((t) => (
                <Radio key={t.value} value={t.value}>
                  {t.label}
                </Radio>
              ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="companyName" label="企业名称" rules={rules.companyName}>
          <Input size="large" maxLength={100} placeholder="请输入营业执照上的企业名称" />
        </Form.Item>
        <Form.Item name="realName" label="联系人">
          <Input size="large" maxLength={50} placeholder="请输入联系人姓名（选填）" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={rules.phone}>
          <Input size="large" maxLength={11} placeholder="请输入手机号" />
        </Form.Item>
        <Form.Item name="captchaCode" label="图形验证码" required>
          <CaptchaInput captchaId={captcha.id} onRefresh={captcha.refresh} />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <div className="sso-row">
            <Form.Item name="code" noStyle rules={rules.code}>
              <CodeInput aria-label="短信验证码" />
            </Form.Item>
            <SmsCodeButton onSend={sendCode} />
          </div>
        </Form.Item>
        <Form.Item name="password" label="设置密码" rules={PASSWORD_RULES} extra={passwordRule}>
          <PasswordInput autoComplete="new-password" placeholder="请设置登录密码" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认密码"
          dependencies={['password']}
          rules={confirmRules(registerInput.shape.confirmPassword)}
        >
          <PasswordInput autoComplete="new-password" placeholder="请再次输入密码" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={rules.agree}
        >
          <Checkbox>
            我已阅读并同意
            <a onClick={(e) => (e.preventDefault(), setDialog('agreement'))}>《平台商家入驻协议》</a>和
            <a onClick={(e) => (e.preventDefault(), setDialog('privacy'))}>《隐私政策》</a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {registerType === 'merchant' ? '注册并申请入驻' : '注册'}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16 }}>
          已有账号？<Link to="/sso/login">立即登录</Link>
        </p>
      </Form>
      <AgreementDialog open={dialog === 'agreement'} onCancel={() => setDialog(null)} onAgree={() => form.setFieldValue('agree', true)} />
      <PrivacyDialog open={dialog === 'privacy'} onCancel={() => setDialog(null)} onAgree={() => form.setFieldValue('agree', true)} />
    </SsoCard>
  );
}
