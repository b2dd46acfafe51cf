import { defineErrors, SEALED_MESSAGE } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const quotationsErrors = defineErrors({
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  QUOTATION_ATTACHMENT_REFUSED: { kind: 'invalid', message: '附件不存在或不是本公司上传的文件' },
  QUOTATION_ENQUIRY_NOT_FOUND: { kind: 'notFound', message: '询价不存在或未邀请贵公司报价' },
  QUOTATION_GONE: { kind: 'conflict', message: '报价不存在，请刷新页面后重试' },
  QUOTATION_ITEM_FOREIGN: { kind: 'invalid', message: '报价明细不属于该询价，请刷新页面后重试' },
  QUOTATION_NOT_FOUND: { kind: 'notFound', message: '报价不存在' },
  /** The sealed-offers text is shared with the web (packages/shared). */
  QUOTATION_SEALED: { kind: 'conflict', message: SEALED_MESSAGE },
  QUOTATION_STALE: { kind: 'conflict', message: '报价已被更新（可能在其他页面提交过），请刷新后再修改' },
  QUOTATION_SUPPLIER_ONLY: { kind: 'forbidden', message: '仅供应商可以报价，请使用供应商账号登录' },
  QUOTATION_THREAD_SEALED: { kind: 'conflict', message: '密封报价在截止前不能查看报价和留言' },
  QUOTATION_TOTAL_TOO_LARGE: { kind: 'invalid', message: '报价总额过大' },
  QUOTATION_VALID_PAST: { kind: 'invalid', message: '报价有效期不能早于今天' },
  QUOTATION_VALID_TOO_LONG: { kind: 'invalid', message: (p: { days: number }) => `报价有效期最长${p.days}天` },
});

/** Raises one of this module's errors: `throw fail('QUOTATION_NOT_FOUND')`. */
export const fail = raiserOf(quotationsErrors);
