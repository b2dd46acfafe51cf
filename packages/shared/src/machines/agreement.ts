import { AgreementStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

/**
 * The state table of a framework agreement (框架协议; decision 0194, docs/decisions/0200-framework-agreements.md,
 * docs/product/agreements.md#lifecycle). The supplier enters it (a create, outside the table) for one purchaser:
 * 待确认; the purchaser confirms (生效中) or rejects (已拒绝, the supplier may correct it and send it again);
 * while 生效中 the purchaser draws down (订单下达) within its period, either side may terminate it, and the
 * system moves it to 已到期 at the end of its last China day. An RFQ award may make it instead (生成框架协议):
 * 待供应商确认, the supplier confirms (生效中) or declines (已拒绝, it may correct it for the purchaser to confirm).
 */
export type AgreementStatusValue = (typeof AgreementStatus)[keyof typeof AgreementStatus];

/** The timed rules of an agreement (job kinds): the renewal reminder and the expiry. */
export const AGREEMENT_CLOCKS = {
  REMIND: 'agreement.remind',
  EXPIRE: 'agreement.expire',
} as const;

/** Days before the last day of an agreement that both sides are reminded of it (an inbox message). */
export const AGREEMENT_REMIND_DAYS = 7;

/** What the agreement's conditions read besides the status: where today (China time) stands in its period. */
export interface AgreementCtx {
  /** Today is on or after the first day. */
  readonly started: boolean;
  /** The last day is over. */
  readonly ended: boolean;
}

const S = AgreementStatus;
const SELLER = ['quotation:manage'];
const BUYER = ['purchase:manage'];

export const agreementMachine = defineMachine<
  AgreementStatusValue,
  'edit' | 'confirm' | 'reject' | 'accept' | 'decline' | 'callOff' | 'terminate' | 'expire',
  AgreementCtx
>({
  document: '框架协议',
  states: enumStates<AgreementStatusValue>('AgreementStatus'),
  actions: {
    edit: {
      from: [S.PENDING, S.REJECTED],
      to: S.PENDING,
      by: ['seller'],
      permissions: SELLER,
      label: '修改',
      button: '修改协议',
      history: '修改协议',
      refusal: '协议已确认或已结束，不能修改',
    },
    confirm: {
      from: [S.PENDING],
      to: S.ACTIVE,
      by: ['buyer'],
      permissions: BUYER,
      label: '确认',
      button: '确认协议',
      history: '采购商确认协议',
      when: (c) => !c.ended,
      whenRefusal: '协议有效期已过，不能确认',
      starts: [AGREEMENT_CLOCKS.REMIND, AGREEMENT_CLOCKS.EXPIRE],
    },
    reject: {
      from: [S.PENDING],
      to: S.REJECTED,
      by: ['buyer'],
      permissions: BUYER,
      label: '拒绝',
      history: '采购商拒绝协议',
      refusal: '该协议已处理，不能拒绝',
    },
    // An agreement made by an RFQ award (生成框架协议) holds the purchaser's awarded prices: the supplier confirms it.
    accept: {
      from: [S.AWARDED],
      to: S.ACTIVE,
      by: ['seller'],
      permissions: SELLER,
      label: '确认',
      button: '确认协议',
      history: '供应商确认协议',
      when: (c) => !c.ended,
      whenRefusal: '协议有效期已过，不能确认',
      starts: [AGREEMENT_CLOCKS.REMIND, AGREEMENT_CLOCKS.EXPIRE],
      refusal: '该协议已处理，不能重复确认',
    },
    decline: {
      from: [S.AWARDED],
      to: S.REJECTED,
      by: ['seller'],
      permissions: SELLER,
      label: '拒绝',
      button: '拒绝协议',
      history: '供应商拒绝协议',
      refusal: '该协议已处理，不能拒绝',
    },
    callOff: {
      from: [S.ACTIVE],
      by: ['buyer'],
      permissions: BUYER,
      label: '下达订单',
      history: '订单下达',
      when: (c) => c.started && !c.ended,
      whenRefusal: (c) => (c.started ? '协议已过有效期，不能下达订单' : '协议尚未到生效日期，不能下达订单'),
      refusal: (s) => `框架协议${s === S.PENDING ? '尚未确认' : '不在生效中'}，不能下达订单`,
    },
    terminate: {
      from: [S.ACTIVE],
      to: S.TERMINATED,
      by: ['buyer', 'seller'],
      permissionsBy: { buyer: BUYER, seller: SELLER },
      label: '终止',
      button: '终止协议',
      history: '终止协议',
      stops: [AGREEMENT_CLOCKS.REMIND, AGREEMENT_CLOCKS.EXPIRE],
    },
    expire: {
      from: [S.ACTIVE],
      to: S.EXPIRED,
      by: ['system'],
      label: '到期',
      history: '协议到期',
      stops: [AGREEMENT_CLOCKS.REMIND],
    },
  },
  historyLabels: { create: '供应商录入协议', award: '采购商授标生成协议', release: '订单取消，释放数量' },
});

export type AgreementAction = (typeof agreementMachine.actionNames)[number];
