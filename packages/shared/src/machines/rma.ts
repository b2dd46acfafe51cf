import { RmaStatus, RmaType, type RmaStatusValue } from '../enums.ts';
import { enumStates } from './labels.ts';
import { defineMachine } from '../state-machine.ts';
import type { RmaAction } from '../contracts/aftersales.ts';


/** What the after-sales table's conditions read besides the status: the request's type (RmaType). */
export interface RmaMachineContext {
  type: number;
}

const { PENDING, TO_RETURN, REJECTED, RETURNED, TO_SETTLE, CLOSED, CANCELLED } = RmaStatus;
const NOT_RECEIVED = '请先确认收到退回商品';

/**
 * The after-sales request's state table (售后申请; docs/decisions/0194-state-machines.md,
 * docs/decisions/0195-trade-state-machines.md): the commands of apps/server/src/modules/aftersales and the console's
 * arbitration guard with it, the detail answer's `actions` are `rmaMachine.available(…)`, the after-sales pages
 * label status tags, buttons and the history with it. The purchaser applies (`apply`, a create outside the table).
 */
export const rmaMachine = defineMachine<RmaStatusValue, RmaAction, RmaMachineContext>({
  document: '售后申请',
  states: enumStates('RmaStatus', RmaStatus),
  historyLabels: { apply: '提交售后申请' },
  actions: {
    withdraw: {
      from: [PENDING],
      to: CANCELLED,
      by: ['buyer'],
      label: '撤销申请',
      refusal: '供应商已处理该申请，不能撤销',
    },
    approve: {
      from: [PENDING],
      // Returns and exchanges wait for the goods; refund only goes straight to 待退款.
      to: TO_RETURN,
      alsoTo: [TO_SETTLE],
      by: ['seller'],
      label: '同意',
      history: '同意申请',
      refusal: '该申请已处理，不能重复审核',
    },
    reject: {
      from: [PENDING],
      to: REJECTED,
      by: ['seller'],
      label: '驳回',
      history: '驳回申请',
      refusal: '该申请已处理，不能驳回',
    },
    shipBack: {
      from: [TO_RETURN],
      to: RETURNED,
      by: ['buyer'],
      label: '寄回商品',
      button: '提交寄回信息',
      historyAction: 'ship_back',
      refusal: (_s, c) => (c?.type === RmaType.REFUND ? '仅退款无需寄回商品' : '当前状态不能填写寄回物流'),
    },
    receive: {
      from: [RETURNED],
      to: TO_SETTLE,
      by: ['seller'],
      label: '确认收货',
      history: '确认收到退回商品',
      refusal: (s) => (s === TO_RETURN ? '采购商尚未寄回商品' : '当前状态不能确认收货'),
    },
    refund: {
      from: [TO_SETTLE],
      to: CLOSED,
      by: ['seller'],
      label: '登记退款',
      when: (c) => c.type !== RmaType.EXCHANGE,
      whenRefusal: '换货申请不退款，请创建换货订单',
      refusal: (s) => (s === RETURNED ? NOT_RECEIVED : '当前状态不能登记退款'),
    },
    exchange: {
      from: [TO_SETTLE],
      to: CLOSED,
      by: ['seller'],
      label: '创建换货订单',
      when: (c) => c.type === RmaType.EXCHANGE,
      whenRefusal: '只有换货申请可以创建换货订单',
      refusal: (s) => (s === RETURNED ? NOT_RECEIVED : '当前状态不能创建换货订单'),
    },
    escalate: {
      from: [REJECTED],
      by: ['buyer', 'seller'],
      label: '申请平台介入',
      refusal: '只有被驳回的售后申请可以申请平台介入',
    },
    arbitrate: {
      from: [REJECTED],
      // Supporting the purchaser puts the request where an approval would have; supporting the supplier keeps it.
      to: REJECTED,
      alsoTo: [TO_RETURN, TO_SETTLE],
      by: ['platform'],
      label: '平台裁决',
      refusal: '该售后申请已不是驳回状态，无法裁决',
    },
  },
});
