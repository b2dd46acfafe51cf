import { z } from 'zod';
import { recordId, wireTimestamp } from '../envelope.ts';
import { loginResult } from './identity.ts';

/** Two-factor sign-in (TOTP, docs/decisions/0150-two-factor.md). */

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Days a remembered device skips the second step. */
export const TWO_FACTOR_DEVICE_DAYS = 30;

/** A 6-digit authenticator code. */
export const totpCodeField = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '请输入6位数字验证码');

/** A recovery code as shown (abcde-12345); case, spaces and the dash are ignored. */
export const recoveryCodeField = z
  .string({ error: '请输入恢复码' })
  .trim()
  .min(1, '请输入恢复码')
  .regex(/^[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5}$/, '恢复码格式不正确');

/** The second step of a sign-in: a pending token, not a session (POST /api/appuser/2fa/verify completes it). */
export const twoFactorPending = z.object({
  twoFactor: z.object({ token: z.string(), expiresIn: z.number().int() }),
});
export type TwoFactorPending = z.infer<typeof twoFactorPending>;

/** What a sign-in method answers: a session, or the second step when the user has two-factor sign-in on. */
export const signInResult = z.union([loginResult, twoFactorPending]);
export type SignInResult = z.infer<typeof signInResult>;

export const twoFactorVerifyInput = z.object({
  token: z.string({ error: '登录已过期，请重新登录' }).min(1, '登录已过期，请重新登录').max(100),
  /** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .min(1, '请输入验证码')
    .max(20, '验证码格式不正确'),
  rememberDevice: z.boolean().optional().default(false),
});

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** The platform (administrators) or the company asks for it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  enabledAt: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** An enrolment started: the secret for manual entry and the otpauth QR image (shown only now). */
export const twoFactorEnrolment = z.object({ secret: z.string(), otpauthUrl: z.string(), qrImage: z.string() });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolment>;

export const twoFactorCodeInput = z.object({ code: totpCodeField });
export const recoveryCodesResult = z.object({ recoveryCodes: z.array(z.string()) });
export const twoFactorDisableInput = z
  .object({ code: z.string().trim().max(20).optional(), password: z.string().max(40).optional() })
  .refine((v) => !!v.code || !!v.password, { message: '请输入验证码或登录密码' });
export const twoFactorResetInput = z.object({ userId: recordId });
export const twoFactorPolicy = z.object({ enforce: z.boolean() });

/** A remembered device (记住此设备) of the caller: the browser and system read from its user agent. */
export const twoFactorDevice = z.object({
  id: z.number().int(),
  /** Short label, e.g. "Windows · Chrome". */
  device: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: wireTimestamp,
  lastUsedAt: wireTimestamp.nullable(),
  expiresAt: wireTimestamp,
  /** This browser holds it. */
  current: z.boolean(),
});
export type TwoFactorDevice = z.infer<typeof twoFactorDevice>;
export const twoFactorDeviceRemoveInput = z.object({ id: recordId });
export const twoFactorDevicesRemoved = z.object({ removed: z.number().int() });
