import { CreditAccountStatus, CreditRequestStatus, StatementStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

/**
 * The state tables of the credit module (decision 0194, docs/decisions/0196-finance-state-machines.md): the credit
 * account (its application 待审核 → 正常 / 已拒绝, freezing, and the account states the money actions need), the
 * recharge and refund requests (充值/退款申请) and the statements (对账单).
 */
export type CreditAccountStatusValue = (typeof CreditAccountStatus)[keyof typeof CreditAccountStatus];
export type CreditRequestStatusValue = (typeof CreditRequestStatus)[keyof typeof CreditRequestStatus];
export type StatementStatusValue = (typeof StatementStatus)[keyof typeof StatementStatus];

const A = CreditAccountStatus;
const LIVE = [A.ACTIVE, A.FROZEN];
const DECIDED = '该申请已处理，不能重复审核';

/** What a refusal of the account's table may name: why the supplier froze it. */
export interface CreditAccountContext {
  readonly freezeReason?: string | null;
}

/**
 * The credit account. The first application is a create (outside the table); `apply` is asking again after a
 * refusal. Actions without `to` keep the status: they are the account states the money actions require.
 */
export const creditAccountMachine = defineMachine<
  CreditAccountStatusValue,
  | 'apply'
  | 'approve'
  | 'reject'
  | 'freeze'
  | 'unfreeze'
  | 'changeTerms'
  | 'adjust'
  | 'recharge'
  | 'customerRecharge'
  | 'refund'
  | 'confirmRecharge'
  | 'confirmRefund'
  | 'issueStatement'
  | 'payOrder'
  | 'refundRma',
  CreditAccountContext | undefined
>({
  document: '信用账户',
  states: enumStates<CreditAccountStatusValue>('CreditAccountStatus'),
  actions: {
    apply: {
      from: [A.REJECTED],
      to: A.PENDING,
      by: ['buyer'],
      label: '重新申请',
      refusal: (s) => (s === A.PENDING ? '已向该供应商提交申请，请等待审核' : '您与该供应商已开通信用账户'),
    },
    approve: { from: [A.PENDING], to: A.ACTIVE, by: ['seller'], label: '审核通过', refusal: DECIDED },
    reject: { from: [A.PENDING], to: A.REJECTED, by: ['seller'], label: '拒绝', refusal: DECIDED },
    freeze: { from: [A.ACTIVE], to: A.FROZEN, by: ['seller'], label: '冻结' },
    unfreeze: { from: [A.FROZEN], to: A.ACTIVE, by: ['seller'], label: '解冻' },
    changeTerms: { from: LIVE, by: ['seller'], label: '调整额度' },
    adjust: { from: LIVE, by: ['seller'], label: '调整' },
    recharge: { from: LIVE, by: ['buyer'], label: '充值' },
    customerRecharge: { from: LIVE, by: ['seller'], label: '充值' },
    refund: { from: [A.ACTIVE], by: ['buyer'], label: '申请退款' },
    confirmRecharge: { from: LIVE, by: ['seller'], label: '确认充值' },
    confirmRefund: { from: [A.ACTIVE], by: ['seller'], label: '退款' },
    issueStatement: { from: LIVE, by: ['seller'], label: '出具对账单' },
    payOrder: {
      from: [A.ACTIVE],
      by: ['buyer'],
      label: '账期支付',
      refusal: (s, ctx) =>
        s === A.FROZEN
          ? `信用账户已冻结，不能账期支付${ctx?.freezeReason ? `（${ctx.freezeReason}）` : ''}`
          : '您与该供应商尚未开通信用账户，请使用银行转账',
    },
    refundRma: { from: LIVE, by: ['seller', 'system'], label: '售后退款入账', refusal: '采购商未开通信用账户，请线下转账后登记' },
  },
});

/** An action of the credit account's table. */
export type CreditAccountAction = keyof typeof creditAccountMachine.actions;

const R = CreditRequestStatus;
/** A purchaser's recharge (with its transfer proof) or refund request, decided by the supplier. */
export const creditRequestMachine = defineMachine<CreditRequestStatusValue, 'confirm' | 'reject', undefined>({
  document: '申请',
  states: enumStates<CreditRequestStatusValue>('CreditRequestStatus'),
  actions: {
    confirm: { from: [R.PENDING], to: R.CONFIRMED, by: ['seller'], label: '确认', refusal: '该申请已处理，不能重复操作' },
    reject: { from: [R.PENDING], to: R.REJECTED, by: ['seller'], label: '驳回', refusal: '该申请已处理，不能重复操作' },
  },
});

const T = StatementStatus;
/** A statement the supplier issues and the purchaser confirms or disputes. */
export const statementMachine = defineMachine<StatementStatusValue, 'confirm' | 'dispute', undefined>({
  document: '对账单',
  states: enumStates<StatementStatusValue>('StatementStatus'),
  actions: {
    confirm: { from: [T.PENDING], to: T.CONFIRMED, by: ['buyer'], label: '确认对账单', refusal: '该对账单已处理，不能重复操作' },
    dispute: { from: [T.PENDING], to: T.DISPUTED, by: ['buyer'], label: '有异议', refusal: '该对账单已处理，不能重复操作' },
  },
});

