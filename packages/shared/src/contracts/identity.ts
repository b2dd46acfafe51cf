import { z } from 'zod';
import { ACCOUNT_MAX, MOBILE_RE, PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '../constants.ts';
import { recordId, wireTimestamp } from '../envelope.ts';

/** Mainland mobile number (docs/product/interface.md#input-rules: accounts are 11-digit phone numbers). */
export const phoneField = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(MOBILE_RE, '请输入正确的手机号');

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

export const PASSWORD_HINT = `${PASSWORD_MIN}-${PASSWORD_MAX}位，须同时包含字母和数字`;

/**
 * The password policy of docs/product/accounts.md#passwords, the one rule every form that sets a password uses (register, recovery,
 * change, invitation): 8–20 characters, no spaces, letters and digits both present. The server adds one
 * refinement of its own (not a common password).
 */
export const newPasswordField = z
  .string({ error: '请输入密码' })
  .min(PASSWORD_MIN, `密码长度需为${PASSWORD_MIN}-${PASSWORD_MAX}位`)
  .max(PASSWORD_MAX, `密码长度需为${PASSWORD_MIN}-${PASSWORD_MAX}位`)
  .regex(/^\S*$/, '密码不能包含空格')
  .regex(/[A-Za-z]/, '密码需同时包含字母和数字')
  .regex(/\d/, '密码需同时包含字母和数字');

/** The new password typed again: required here, compared with `password` by the server and the form. */
export const confirmPasswordField = (missing: string) => z.string({ error: missing }).min(1, missing).max(40);
export const PASSWORD_MISMATCH = '两次输入的密码不一致';

/** The first message of the password policy a password breaks, or null (the server's check, before its own list). */
export function passwordPolicyProblem(password: string): string | null {
  const r = newPasswordField.safeParse(password);
  return r.success ? null : (r.error.issues[0]?.message ?? '密码不符合要求');
}

export const rememberField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

/** The picture captcha as typed where a form shows it (the server checks it only when it asked for one). */
export const captchaCodeField = z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(8);

export const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
};

export const loginInput = z.object({ account: accountField, password: passwordInput, rememberMe: rememberField, ...captchaFields });
export const loginCaptchaInput = z.object({ account: accountField });
export const loginCaptchaState = z.object({ needCaptcha: z.boolean(), locked: z.boolean() });
export const userInfoQuery = z.object({ code: z.string().max(40).optional() });
export const phoneLoginInput = z.object({ phone: phoneField, code: codeField, rememberMe: rememberField });
export const emailLoginInput = z.object({ email: emailField, code: codeField, rememberMe: rememberField });

/** The signed-in user ("User info": docs/product/accounts.md#user-info), as answered by login and GET /api/appuser/loginuserinfo. */
export const sessionUser = z.object({
  userId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  email: z.string(),
  gender: z.number().int().nullable(),
  extension: z.object({
    CompanyId: z.number().int().nullable(),
    CompanyName: z.string(),
    CompanyType: z.number().int().nullable(),
    isMemberVail: z.number().int(),
    memberLv: z.number().int(),
    isCompanyAdmin: z.boolean(),
    isPlatformAdmin: z.boolean(),
  }),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** What login calls answer ("Session": docs/product/accounts.md#the-session-in-the-browser). */
export const loginResult = z.object({ authToken: z.string(), userInfo: sessionUser });
export type LoginResult = z.infer<typeof loginResult>;

export const registerDetailInput = z.object({ phone: phoneField.optional() });
export const registerDetail = z.object({
  companyTypes: z.array(z.object({ value: z.number().int(), label: z.string() })),
  passwordRule: z.string(),
  codeLength: z.number().int(),
  resendSeconds: z.number().int(),
  agreements: z.array(z.string()),
});
export type RegisterDetail = z.infer<typeof registerDetail>;

export const registerInput = z.object({
  phone: phoneField,
  code: codeField,
  password: z.string({ error: '请输入密码' }).max(40),
  confirmPassword: confirmPasswordField('请再次输入密码'),
  companyName: z.string({ error: '请输入企业名称' }).trim().min(2, '企业名称至少2个字').max(100, '企业名称最多100个字'),
  companyType: z.coerce.number({ error: '请选择企业类型' }).refine((v) => v === 2 || v === 4, '请选择企业类型'),
  registerType: z.enum(['user', 'merchant']).default('user'),
  agree: z.literal(true, { error: '请阅读并同意《平台商家入驻协议》和《隐私政策》' }),
  realName: z.string().trim().max(50).optional(),
  rememberMe: rememberField,
});
export const registerResult = loginResult.extend({ registerType: z.enum(['user', 'merchant']) });

const newPassword = {
  password: z.string({ error: '请输入新密码' }).max(40),
  confirmPassword: confirmPasswordField('请再次输入新密码'),
};
export const forgetPasswordInput = z.object({ phone: phoneField, code: codeField, ...newPassword });
export const modifyPasswordInput = z.object({ oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(40), ...newPassword });
export const replacePhoneInput = z.object({ oldCode: codeField, newPhone: phoneField, newCode: codeField });
export const replacePhoneResult = z.object({ phone: z.string() });
export const modifyUserInfoInput = z.object({
  realName: z.string().trim().max(50, '真实姓名最多50个字').default(''),
  nickName: z.string().trim().max(50, '昵称最多50个字').default(''),
  gender: z.union([z.literal(0), z.literal(1), z.null()], { error: '请选择性别' }).optional(),
  avatar: z
    .string()
    .trim()
    .max(300)
    .refine((s) => s === '' || (/^\w[\w./-]*$/.test(s) && !s.includes('..')) || /^https?:\/\/[^\s"'<>]+$/.test(s), '头像地址无效')
    .default(''),
  email: z.union([z.literal(''), z.string().trim().max(120).pipe(z.email('请输入正确的邮箱'))]).optional(),
});
export const bindEmailInput = z.object({ email: emailField, code: codeField });

/** GET /api/appuser/security: the account security overview. */
export const securityOverview = z.object({
  phoneMasked: z.string(),
  email: z.string(),
  passwordSet: z.boolean(),
  wechatBound: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverview>;
export const sessionRow = z.object({
  id: z.number().int(),
  ip: z.string(),
  device: z.string(),
  createdAt: wireTimestamp,
  lastSeenAt: wireTimestamp,
  expiresAt: wireTimestamp,
  rememberMe: z.boolean(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;
export const endSessionsInput = z.object({ ids: z.array(recordId).max(100).optional() });

/** Codes (docs/product/accounts.md#one-time-codes). */
export const sendCodeInput = z.object({
  phone: phoneField.optional(),
  /** `delete`: the signed-in user's own phone, re-authenticating 注销账号 (decision 0151). */
  purpose: z.enum(['login', 'register', 'forget', 'bind', 'oldphone', 'newphone', 'invite', 'delete'], { error: '验证码用途无效' }).default('login'),
  ...captchaFields,
});
export const sendEmailCodeInput = z.object({
  email: emailField,
  purpose: z.enum(['login', 'bind'], { error: '验证码用途无效' }).default('login'),
});
export const codeSent = z.object({ resendSeconds: z.number().int() });

/** The sandbox outbox (demo mode). */
export const outboxQuery = z.object({
  target: z.string().trim().max(120).optional(),
  phone: z.string().trim().max(20).optional(),
  email: z.string().trim().max(120).optional(),
});
export const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.string(),
  target: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: wireTimestamp,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const captchaQuery = z.object({ id: z.string().trim().regex(/^[\w-]{4,64}$/, '验证码编号无效') });

/** WeChat QR login (docs/product/accounts.md#wechat-qr-login). */
export const wxClientId = z.string().trim().regex(/^[\w-]{8,64}$/, '二维码编号无效');
export const wxTicketField = z.string().trim().regex(/^[\w-]{20,128}$/, '二维码已失效，请刷新');
export const wxQrParams = z.object({ id: wxClientId });
export const wxQr = z.object({
  ticket: z.string(),
  qrImage: z.string(),
  expireSeconds: z.number().int(),
  sandbox: z.boolean(),
  scanUrl: z.string().optional(),
});
export type WxQr = z.infer<typeof wxQr>;
export const wxLoginQuery = z.object({ ticket: wxTicketField, id: wxClientId, rememberMe: rememberField });
export const wxBindInput = z.object({ ticket: wxTicketField, id: wxClientId, phone: phoneField, code: codeField, rememberMe: rememberField });
export const wxSocketQuery = z.object({ ticket: z.string().regex(/^[\w-]{20,128}$/) });
export const wxSignatureQuery = z.object({
  signature: z.string().max(64).default(''),
  timestamp: z.string().max(20).default(''),
  nonce: z.string().max(64).default(''),
  echostr: z.string().max(200).optional(),
});
export const wxSandboxScanQuery = z.object({ ticket: z.string().max(128).default('') });
export const wxSandboxScanInput = z.object({ ticket: z.string().max(128), openId: z.string().trim().regex(/^[\w-]{1,64}$/, 'OpenID 无效') });

/** Liveness and readiness (operations). */
export const healthState = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const readyChecks = z.object({ database: z.string(), migrations: z.string(), storage: z.string() });
export const readyState = z.object({ status: z.literal('ready'), checks: readyChecks });
export const unreadyState = z.object({ status: z.enum(['unready', 'draining']), checks: readyChecks.optional() });
