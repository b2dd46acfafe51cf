import { PurchaseRequestStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

/**
 * The purchase request (采购申请, docs/product/approvals.md#lifecycle): a checkout an approval rule caught, kept as
 * submitted until its approvers decide. Both acting sides are users of the purchaser company (`buyer`); the expiry
 * clock is the `system`. `approve` keeps the status while steps remain; the last step's approval leads to 已通过
 * (the orders are placed) or 已退回 (a price rose or stock ran out: back to the requester with the reason).
 */
export type PurchaseRequestStatusValue = (typeof PurchaseRequestStatus)[keyof typeof PurchaseRequestStatus];

/** The timed rule of a purchase request: undecided requests expire (job kind). */
export const PURCHASE_REQUEST_EXPIRE = 'purchase_request.expire';

const P = PurchaseRequestStatus;
const DECIDED = '该采购申请已处理，不能重复操作';

export const purchaseRequestMachine = defineMachine<
  PurchaseRequestStatusValue,
  'approve' | 'reject' | 'withdraw' | 'expire',
  undefined
>({
  document: '采购申请',
  states: enumStates<PurchaseRequestStatusValue>('PurchaseRequestStatus'),
  actions: {
    approve: {
      from: [P.PENDING],
      alsoTo: [P.APPROVED, P.RETURNED],
      by: ['buyer'],
      label: '审批通过',
      button: '通过',
      refusal: DECIDED,
    },
    reject: {
      from: [P.PENDING],
      to: P.REJECTED,
      by: ['buyer'],
      label: '驳回',
      refusal: DECIDED,
      stops: [PURCHASE_REQUEST_EXPIRE],
    },
    withdraw: {
      from: [P.PENDING],
      to: P.WITHDRAWN,
      by: ['buyer'],
      label: '撤回',
      refusal: DECIDED,
      stops: [PURCHASE_REQUEST_EXPIRE],
    },
    expire: { from: [P.PENDING], to: P.EXPIRED, by: ['system'], label: '超时未审批，已过期' },
  },
  historyLabels: { create: '提交采购申请' },
});

/** An action of the purchase request's table. */
export type PurchaseRequestAction = keyof typeof purchaseRequestMachine.actions;
