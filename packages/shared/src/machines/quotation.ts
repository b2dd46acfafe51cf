import { QuotationStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

export type QuotationState = (typeof QuotationStatus)[keyof typeof QuotationStatus];
export type QuotationAction = 'revise' | 'requote' | 'withdraw' | 'award' | 'lose';

/** What besides the status decides a quotation action. */
export interface QuotationContext {
  /** The enquiry still takes offers (报价中 and before its deadline). */
  enquiryOpen?: boolean;
  /** The offer's validity has passed. */
  expired?: boolean;
}

const SUPPLIER = ['quotation:manage'];
const DECIDED = '该报价已有结果，不能再修改';

/**
 * The quotation's state table (issue 27, docs/decisions/0194). A first offer is not a transition (the row is
 * created 已报价); 已失效 is computed on read (modules/quotations/common.ts `effectiveStatus`), so the commands
 * guard on the stored status. Award refusals are prefixed with the supplier's name by the award command
 * (「某公司 的报价已撤回，不能授标」).
 */
export const quotationMachine = defineMachine<QuotationState, QuotationAction, QuotationContext>({
  document: '报价',
  states: enumStates('QuotationStatus', QuotationStatus),
  actions: {
    revise: {
      from: [QuotationStatus.QUOTED, QuotationStatus.REVISED],
      to: QuotationStatus.REVISED,
      by: ['seller'],
      permissions: SUPPLIER,
      label: '修改报价',
      refusal: DECIDED,
    },
    requote: {
      from: [QuotationStatus.WITHDRAWN],
      to: QuotationStatus.QUOTED,
      by: ['seller'],
      permissions: SUPPLIER,
      label: '重新报价',
      refusal: DECIDED,
    },
    withdraw: {
      from: [QuotationStatus.QUOTED, QuotationStatus.REVISED],
      to: QuotationStatus.WITHDRAWN,
      by: ['seller'],
      permissions: SUPPLIER,
      label: '撤回报价',
      when: (c) => c?.enquiryOpen === true,
      whenRefusal: '询价已截止，不能撤回报价',
      refusal: (s) => (s === QuotationStatus.WITHDRAWN ? '该报价已撤回' : '该报价已有结果，不能撤回'),
    },
    award: {
      from: [QuotationStatus.QUOTED, QuotationStatus.REVISED],
      to: QuotationStatus.WON,
      by: ['buyer'],
      permissions: ['enquiry:manage'],
      label: '授标',
      history: '中标',
      when: (c) => c?.expired !== true,
      whenRefusal: '的报价已过有效期，不能授标',
      refusal: (s) =>
        s === QuotationStatus.WITHDRAWN
          ? '的报价已撤回，不能授标'
          : s === QuotationStatus.EXPIRED
            ? '的报价已过有效期，不能授标'
            : '的报价不能授标',
    },
    lose: {
      from: [QuotationStatus.QUOTED, QuotationStatus.REVISED, QuotationStatus.EXPIRED],
      to: QuotationStatus.LOST,
      by: ['buyer'],
      label: '未中标',
    },
  },
});
