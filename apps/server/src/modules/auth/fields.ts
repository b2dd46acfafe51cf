import { ACCOUNT_MAX, PASSWORD_MAX, SMS_CODE_LENGTH, z } from '@aquamall/shared';

/** Mainland mobile number (DESIGN §2: accounts are 11-digit phone numbers). */
export const phoneField = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号');

export const emailField = z
  .string({ error: '请输入邮箱' })
  .trim()
  .max(120, '邮箱过长')
  .pipe(z.email('请输入正确的邮箱'))
  .transform((s) => s.toLowerCase());

export const codeField = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), '请输入6位数字验证码');

export const accountField = z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(ACCOUNT_MAX, '账号过长');

/** Any password as typed at login (policy is checked only when a password is set). */
export const passwordInput = z.string({ error: '请输入密码' }).min(1, '请输入密码').max(PASSWORD_MAX, '密码最多20位');

export const rememberField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

export const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
};

/** Client address and device, for sessions and rate limits. */
export function clientInfo(request: { ip: string; headers: Record<string, string | string[] | undefined> }) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '' };
}
