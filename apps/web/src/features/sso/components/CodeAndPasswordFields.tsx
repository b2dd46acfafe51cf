import { Form } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../../lib/form-rules.ts';
import { SmsCodeButton } from '../../../components/SmsCodeButton.tsx';
import { CodeInput, PasswordInput } from './inputs.tsx';
import { PASSWORD_HINT, PASSWORD_RULES } from './password-rules.ts';
import { confirmRules } from './confirm-rule.ts';

/**
 * The SMS code (with its send button) and a new password typed twice: the fields `code`, `password` and
 * `confirmPassword` shared by password recovery and accepting an invitation.
 */
export function CodeAndPasswordFields({
  onSend,
  codeExtra,
  password,
  confirm,
  schema,
}: {
  onSend: () => Promise<boolean>;
  /** The form's schema (`forgetPasswordInput`, `inviteAcceptInput`); the new password follows the one policy. */
  schema: { shape: { code: z.ZodType; confirmPassword: z.ZodType } };
  codeExtra?: string;
  password: { label: string; placeholder: string };
  confirm: { label: string; placeholder: string };
}) {
  return (
    <>
      <Form.Item label="短信验证码" required extra={codeExtra}>
        <div className="sso-row">
          <Form.Item name="code" noStyle rules={[zodRule(schema.shape.code)]}>
            <CodeInput aria-label="短信验证码" />
          </Form.Item>
          <SmsCodeButton onSend={onSend} />
        </div>
      </Form.Item>
      <Form.Item name="password" label={password.label} rules={PASSWORD_RULES} extra={PASSWORD_HINT}>
        <PasswordInput autoComplete="new-password" placeholder={password.placeholder} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirm.label}
        dependencies={['password']}
        rules={confirmRules(schema.shape.confirmPassword)}
      >
        <PasswordInput autoComplete="new-password" placeholder={confirm.placeholder} />
      </Form.Item>
    </>
  );
}
