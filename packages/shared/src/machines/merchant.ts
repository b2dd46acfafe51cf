import { MerchantStatus } from '../enums.ts';
import { enumStates } from './labels.ts';
import { defineMachine } from '../state-machine.ts';

/**
 * The state table of a merchant application (商家入驻申请; decision 0194, docs/decisions/0197-sourcing-state-tables.md).
 * The supplier's administrator submits (未申请 → 待审核) and, after a rejection, edits and resubmits (已驳回 →
 * 待审核); the platform's reviewer approves or rejects a pending application. Saving a draft is allowed where
 * submitting is (the same states, the same refusals).
 */
export type MerchantStatusValue = (typeof MerchantStatus)[keyof typeof MerchantStatus];

const S = MerchantStatus;
/** A decision on an application that is not pending: never submitted, or decided already. */
const decisionRefusal = (status: MerchantStatusValue) =>
  status === S.NONE ? '申请尚未提交，不能审核' : '该申请已审核，请勿重复操作';

export const merchantMachine = defineMachine<MerchantStatusValue, 'submit' | 'approve' | 'reject'>({
  document: '入驻申请',
  states: enumStates<MerchantStatusValue>('MerchantStatus'),
  actions: {
    submit: {
      from: [S.NONE, S.REJECTED],
      to: S.PENDING,
      by: ['seller'],
      label: '提交申请',
      refusal: (status) => (status === S.PENDING ? '入驻申请正在审核中，暂不能修改' : '您已通过入驻审核，无需重复申请'),
    },
    approve: { from: [S.PENDING], to: S.APPROVED, by: ['platform'], label: '审核通过', refusal: decisionRefusal },
    reject: { from: [S.PENDING], to: S.REJECTED, by: ['platform'], label: '审核驳回', button: '驳回', refusal: decisionRefusal },
  },
});

export type MerchantMachineAction = (typeof merchantMachine.actionNames)[number];
