import { z } from 'zod';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { codeField } from './identity.ts';

/** Personal-data requests (PIPL, decision 0151): answered within this many days (privacy terms: docs/product/merchants.md#privacy-policy). */
export const PRIVACY_DEADLINE_DAYS = 10;
/** An export archive can be downloaded for this many days after it was built. */
export const PRIVACY_EXPORT_DAYS = 7;

export const PRIVACY_KINDS = { export: '下载我的数据', delete: '注销账号' } as const;
export type PrivacyKind = keyof typeof PRIVACY_KINDS;
/** status: 0 处理中, 1 已完成, 2 已拒绝. */
export const PRIVACY_STATUS = ['处理中', '已完成', '已拒绝'] as const;

/** What the user sees of one of their requests (account page). */
export const privacyRequestView = z.object({
  id: z.number().int(),
  kind: z.enum(['export', 'delete']),
  status: z.number().int(),
  reason: z.string(),
  createdAt: wireTimestamp,
  deadlineAt: wireTimestamp,
  doneAt: wireTimestamp.nullable(),
  /** Export only: the archive can be downloaded (built and not expired). */
  downloadable: z.boolean(),
  fileSize: z.number().int().nullable(),
  expiresAt: wireTimestamp.nullable(),
});
export type PrivacyRequestView = z.infer<typeof privacyRequestView>;

/**
 * 注销账号 re-authenticates with the login password or, for accounts without one (signed up by SMS or WeChat),
 * an SMS code sent to the account's phone (purpose `delete`).
 */
export const privacyDeleteInput = z
  .object({
    password: z.string('请输入登录密码').max(128, '密码格式不正确').optional(),
    code: codeField.optional(),
  })
  .refine((v) => !!v.password || !!v.code, { message: '请输入登录密码或短信验证码' });

export const privacyIdParam = z.object({ id: z.coerce.number().pipe(recordId) });

/** Console list: by kind, status, or only those past their deadline and still open. */
export const adminPrivacyListQuery = pageQuery.extend({
  kind: z.enum(['export', 'delete']).optional(),
  status: z.number().int().min(0).max(2).optional(),
  overdue: z.boolean().optional(),
});
export const adminPrivacyRow = privacyRequestView.extend({
  userId: z.number().int(),
  /** The person as the platform knows them now (已注销用户 after deletion). */
  userName: z.string(),
  phoneMasked: z.string(),
  companyName: z.string(),
  /** Whole days until the deadline (negative: overdue); null once answered. */
  daysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  handledByName: z.string(),
});
export type AdminPrivacyRow = z.infer<typeof adminPrivacyRow>;
export const adminPrivacyIdInput = z.object({ id: recordId });
export const adminPrivacyRefuseInput = z.object({
  id: recordId,
  reason: z.string().trim().min(2, '请填写拒绝原因').max(300, '拒绝原因最多300个字'),
});
