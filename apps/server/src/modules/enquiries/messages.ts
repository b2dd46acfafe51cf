import { defineErrors, SEALED_MESSAGE } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const enquiriesErrors = defineErrors({
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  ENQUIRY_ATTACHMENT_REFUSED: { kind: 'invalid', message: '附件不存在或不是本公司上传的文件' },
  ENQUIRY_AWARD_CHANGED: {
    kind: 'conflict',
    message: (p: { approved: string; now: string }) => `报价已变更：审批时授标金额${p.approved}，现为${p.now}`,
  },
  ENQUIRY_AWARD_UNPRICED: { kind: 'conflict', message: (p: { supplier: string; product: string }) => `${p.supplier} 未对「${p.product}」报价` },
  ENQUIRY_DEADLINE_TOO_FAR: { kind: 'invalid', message: (p: { label: string; days: number }) => `${p.label}不能超过${p.days}天` },
  ENQUIRY_DEADLINE_TOO_SOON: { kind: 'invalid', message: (p: { label: string }) => `${p.label}必须晚于当前时间` },
  ENQUIRY_DELIVERY_BEFORE_DEADLINE: { kind: 'invalid', message: '交货日期不能早于报价截止时间' },
  ENQUIRY_EXTEND_NOT_LATER: { kind: 'invalid', message: '新的截止时间必须晚于原截止时间' },
  ENQUIRY_GOODS_NOT_FOUND: { kind: 'notFound', message: '商品不存在或已下架' },
  ENQUIRY_IMPORT_FILE_REQUIRED: { kind: 'invalid', message: '请选择要导入的Excel文件' },
  ENQUIRY_IMPORT_MALFORMED: { kind: 'invalid', message: '上传数据格式错误' },
  ENQUIRY_IMPORT_TOO_LARGE: { kind: 'invalid', message: '文件不能超过5MB' },
  ENQUIRY_INVITE_OWN_COMPANY: { kind: 'invalid', message: '不能邀请本公司报价' },
  ENQUIRY_INVITEE_UNKNOWN: { kind: 'invalid', message: '邀请的供应商不存在或未通过审核' },
  ENQUIRY_ITEM_NOT_FOUND: { kind: 'invalid', message: '询价明细不存在' },
  ENQUIRY_NOT_FOUND: { kind: 'notFound', message: '询价单不存在' },
  /** The sealed-offers text is shared with the web (packages/shared). */
  ENQUIRY_OFFERS_SEALED: { kind: 'conflict', message: SEALED_MESSAGE },
  ENQUIRY_PRODUCT_UNKNOWN: { kind: 'invalid', message: '所选商品不存在' },
  ENQUIRY_PURCHASER_ONLY: { kind: 'forbidden', message: '仅采购商可以发布询价' },
  ENQUIRY_QUOTATION_UNKNOWN: { kind: 'invalid', message: '报价不存在' },
  ENQUIRY_SKU_NOT_FOUND: { kind: 'notFound', message: '商品规格不存在' },
});

/** Raises one of this module's errors: `throw fail('ENQUIRY_NOT_FOUND')`. */
export const fail = raiserOf(enquiriesErrors);
