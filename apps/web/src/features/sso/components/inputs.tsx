import { Input } from 'antd';
import type { InputProps } from 'antd';
import { ACCOUNT_MAX, MSG, PASSWORD_MAX, SMS_CODE_LENGTH } from '@aquamall/shared';

/** account input (docs/product/interface.md#input-rules): at most 40 characters, placeholder 请输入账号. */
export function AccountInput(props: InputProps) {
  return <Input size="large" maxLength={ACCOUNT_MAX} placeholder={MSG.accountPlaceholder} autoComplete="username" {...props} />;
}

/** password input (docs/product/interface.md#input-rules): at most 20 characters, with a show/hide toggle. */
export function PasswordInput(props: InputProps) {
  return <Input.Password size="large" maxLength={PASSWORD_MAX} placeholder="请输入密码" visibilityToggle {...props} />;
}

/** SMS or e-mail code: at most 6 characters, digits. */
export function CodeInput(props: InputProps) {
  return <Input size="large" maxLength={SMS_CODE_LENGTH} placeholder="请输入验证码" inputMode="numeric" autoComplete="one-time-code" {...props} />;
}
