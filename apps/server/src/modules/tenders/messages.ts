import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md. Refusals that follow from a
 * document's state live in its state table (packages/shared/src/machines/) and are raised with that text.
 */
export const tendersErrors = defineErrors({
  TENDER_ALREADY_JOINED: { kind: 'conflict', message: '贵公司已报名该项目' },
  TENDER_AMENDED_AGAIN: { kind: 'conflict', message: '招标文件已再次变更，请查看最新内容后重新确认' },
  TENDER_ANSWER_AFTER_OPEN: { kind: 'conflict', message: '开标后不能再答疑' },
  TENDER_BID_CLOSED: { kind: 'conflict', message: '投标已截止，不能再修改' },
  TENDER_AWARD_CHANGED: {
    kind: 'conflict',
    message: (p: { approved: string; now: string }) => `投标报价已变更：审批时中标金额${p.approved}，现为${p.now}`,
  },
  TENDER_BID_NO_PRICE: { kind: 'invalid', message: '该投标未对此标段报价' },
  TENDER_BID_NOT_SUBMITTED: { kind: 'conflict', message: '贵公司尚未投标' },
  TENDER_DEADLINE_PAST: { kind: 'invalid', message: '投标截止时间必须晚于当前时间' },
  TENDER_DEFAULT_ADDRESS_REQUIRED: { kind: 'conflict', message: '请先在收货地址中设置默认地址，再生成订单' },
  /** Passed to files/ownership.ts assertOwnUploads, which raises it as an invalid input. */
  TENDER_DOC_REFUSED: { kind: 'invalid', message: '文件不存在或不是本公司上传的文件' },
  TENDER_DOC_PDF_ONLY: { kind: 'invalid', message: '招标文件只能是PDF' },
  TENDER_EDIT_CLOSED: { kind: 'conflict', message: '投标已截止，不能再修改招标' },
  TENDER_INVITEE_UNKNOWN: { kind: 'invalid', message: '邀请的供应商不存在' },
  TENDER_LOT_NOT_FOUND: { kind: 'invalid', message: '标段不存在' },
  TENDER_LOT_PENDING: { kind: 'conflict', message: (p: { lot: string }) => `标段「${p.lot}」尚未定标` },
  TENDER_LOT_REQUIRED: { kind: 'invalid', message: '请至少添加一个标段' },
  TENDER_NONE_AWARDED: { kind: 'conflict', message: '没有定标的标段' },
  TENDER_NOT_FOUND: { kind: 'notFound', message: '招标项目不存在' },
  /** Returned as a qualification refusal (common.ts qualificationRefusal); raised as such with its text. */
  TENDER_NOT_INVITED: { kind: 'conflict', message: '本项目为邀请招标，贵公司未被邀请' },
  TENDER_OBJECTION_BIDDERS_ONLY: { kind: 'conflict', message: '只有投标单位可以提出异议' },
  TENDER_OBJECTION_NOT_FOUND: { kind: 'notFound', message: '异议不存在' },
  TENDER_OPEN_BEFORE_DEADLINE: { kind: 'invalid', message: '开标时间不能早于投标截止时间' },
  TENDER_PURCHASER_ONLY: { kind: 'forbidden', message: '只有采购商可以发布招标' },
  TENDER_QUESTION_NOT_FOUND: { kind: 'notFound', message: '问题不存在' },
  TENDER_RETENDER_FAILED_ONLY: { kind: 'conflict', message: '只有流标的标段可以重新招标' },
  TENDER_SEALED: { kind: 'forbidden', message: '开标前任何人都不能查看投标内容' },
  TENDER_SUPPLIER_ONLY: { kind: 'forbidden', message: '只有供应商可以参与投标' },
});

/** Raises one of this module's errors: `throw fail('TENDER_NOT_FOUND')`. */
export const fail = raiserOf(tendersErrors);
