import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const privacyErrors = defineErrors({
  ERASURE_ALREADY_ASKED: { kind: 'conflict', message: '您已提交注销申请，请等待平台处理' },
  ERASURE_BLOCKED: { kind: 'conflict', message: (p: { blocker: string | number }) => `暂不能注销：${p.blocker}` },
  EXPORT_EXPIRED: { kind: 'conflict', message: '下载链接已过期，请重新申请' },
  EXPORT_EXPIRED_AFTER_DAYS: { kind: 'conflict', message: (p: { days: string | number }) => `下载链接已过期（${p.days}天），请重新申请` },
  EXPORT_IN_PROGRESS: { kind: 'conflict', message: '您的数据正在导出，请稍后在本页下载' },
  EXPORT_NOT_READY: { kind: 'conflict', message: '数据尚未生成，请稍后再试' },
  REQUEST_ALREADY_HANDLED: { kind: 'conflict', message: '该请求已处理' },
  ERASURE_PASSWORD_WRONG: { kind: 'invalid', message: '密码错误' },
  ERASURE_LAST_ADMIN: {
    kind: 'conflict',
    message: '您是企业唯一的管理员，企业还有其他成员：请先在“用户管理”中把管理员设给其他成员，再申请注销',
  },
  ERASURE_OPEN_ORDERS: {
    kind: 'conflict',
    message: (p: { n: number }) => `您还有${p.n}笔未完成的订单，请待订单完成或取消后再申请注销`,
  },
});

/** Raises one of this module's errors: `throw fail('ERASURE_ALREADY_ASKED')`. */
export const fail = raiserOf(privacyErrors);
