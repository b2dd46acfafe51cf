import { Form } from 'antd';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import { CodeInput, PASSWORD_RULES, PasswordInput } from './inputs.tsx';
import { confirmRule } from './confirm-rule.ts';

/**
 * The SMS code (with its send button) and a new password typed twice: the fields `code`, `password` and
 * `confirmPassword` shared by password recovery and accepting an invitation.
 */
export function CodeAndPasswordFields({
  onSend,
  codeExtra,
  password,
  confirm,
}: {
  onSend: () => Promise<boolean>;
  codeExtra?: string;
  password: { label: string; placeholder: string };
  confirm: { label: string; placeholder: string };
}) {
  return (
    <>
      <Form.Item label="短信验证码" required extra={codeExtra}>
        <div className="sso-row">
          <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入短信验证码' }]}>
            <CodeInput aria-label="短信验证码" />
          </Form.Item>
          <SmsCodeButton onSend={onSend} />
        </div>
      </Form.Item>
      <Form.Item name="password" label={password.label} rules={PASSWORD_RULES} extra="8-20位，须同时包含字母和数字">
        <PasswordInput autoComplete="new-password" placeholder={password.placeholder} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirm.label}
        dependencies={['password']}
        rules={[{ required: true, message: confirm.placeholder }, confirmRule('password')]}
      >
        <PasswordInput autoComplete="new-password" placeholder={confirm.placeholder} />
      </Form.Item>
    </>
  );
}
