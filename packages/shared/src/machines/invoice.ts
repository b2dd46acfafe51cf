import { InvoiceStatus } from '../enums.ts';
import { enumStates } from './labels.ts';
import { defineMachine } from '../state-machine.ts';

/**
 * The state table of an invoice request (发票申请; decision 0194, docs/decisions/0196-finance-state-machines.md).
 * The purchaser requests (a create, outside the table), withdraws, confirms receipt or disputes; the supplier
 * issues (again after a dispute), refuses or reverses (红冲). A red-letter row (`reversalOfId` set) takes no
 * action at all (`ctx.reversal`).
 */
export type InvoiceStatusValue = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

/** The context of an invoice's actions: whether the row is a red-letter (reversal) invoice. */
export interface InvoiceCtx {
  readonly reversal: boolean;
}

const S = InvoiceStatus;
const notRed = (ctx: InvoiceCtx) => !ctx.reversal;
const RED_REFUSED = '红冲发票不能执行此操作';

export const invoiceMachine = defineMachine<InvoiceStatusValue, 'withdraw' | 'confirm' | 'dispute' | 'issue' | 'refuse' | 'reverse', InvoiceCtx>({
  document: '发票申请',
  states: enumStates<InvoiceStatusValue>('InvoiceStatus'),
  actions: {
    withdraw: {
      from: [S.REQUESTED],
      to: S.WITHDRAWN,
      by: ['buyer'],
      label: '撤销申请',
      when: notRed,
      refusal: '供应商已处理该申请，不能撤销',
      whenRefusal: RED_REFUSED,
    },
    confirm: {
      from: [S.ISSUED],
      to: S.RECEIVED,
      by: ['buyer'],
      label: '确认收票',
      when: notRed,
      refusal: '发票尚未开具或已处理，不能确认收票',
      whenRefusal: RED_REFUSED,
    },
    dispute: {
      from: [S.ISSUED],
      to: S.DISPUTED,
      by: ['buyer'],
      label: '有异议',
      history: '提出异议',
      when: notRed,
      refusal: '发票尚未开具或已处理，不能提出异议',
      whenRefusal: RED_REFUSED,
    },
    issue: {
      from: [S.REQUESTED, S.DISPUTED],
      to: S.ISSUED,
      by: ['seller'],
      label: '开具发票',
      when: notRed,
      refusal: '该发票当前状态不能开票',
      whenRefusal: RED_REFUSED,
    },
    refuse: {
      from: [S.REQUESTED],
      to: S.REFUSED,
      by: ['seller'],
      label: '拒绝开票',
      when: notRed,
      refusal: '该申请已处理，不能拒绝',
      whenRefusal: RED_REFUSED,
    },
    reverse: {
      from: [S.ISSUED, S.RECEIVED, S.DISPUTED],
      to: S.REVERSED,
      by: ['seller'],
      label: '红冲',
      when: notRed,
      refusal: '只有已开具的发票可以红冲',
      whenRefusal: RED_REFUSED,
    },
  },
});

export type InvoiceMachineAction = (typeof invoiceMachine.actionNames)[number];

/**
 * History rows of an invoice outside its table's actions: the request (`create`) and an issue after a dispute
 * (`reissue`, the table's `issue` action). A partial reversal is a `reverse` row whose status stays.
 */
const EXTRA_HISTORY: Record<string, string> = { create: '申请开票', reissue: '重新开票' };

/** The label of an invoice history row's action. */
export const invoiceHistoryLabel = (action: string): string => {
  const a = invoiceMachine.actions[action as InvoiceMachineAction];
  return a ? (a.history ?? a.label) : (EXTRA_HISTORY[action] ?? action);
};

/** The button label of an action in a state (开具发票 is 重新开票 after a dispute). */
export const invoiceButtonLabel = (action: InvoiceMachineAction, status: number): string =>
  action === 'issue' && status === S.DISPUTED ? EXTRA_HISTORY.reissue! : invoiceMachine.actions[action].label;
