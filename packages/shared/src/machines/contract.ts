import { ContractStatus } from '../enums.ts';
import { defineMachine } from '../state-machine.ts';
import { enumStates } from './labels.ts';

/**
 * The state table of an order contract (采购合同; decision 0194, docs/decisions/0208-order-contracts.md,
 * docs/product/contracts.md#lifecycle). Generated from an order (or after an RFQ award, one per awarded order) it
 * is 待签署 at once: its text comes from the order and cannot be edited, so it has no draft. The purchaser (甲方)
 * and the supplier (乙方) each sign once, in either order, after an SMS confirmation (意愿认证): 甲方已签 /
 * 乙方已签, then 已签署. Until both have signed either side may void it (已作废); a new one can then be generated.
 */
export type ContractStatusValue = (typeof ContractStatus)[keyof typeof ContractStatus];

const S = ContractStatus;
/** The permissions of the order pages that act on the order: the purchaser's buying, the supplier's shipping. */
const BUYER = ['purchase:manage'];
const SELLER = ['order:ship'];

export const contractMachine = defineMachine<ContractStatusValue, 'sign' | 'void'>({
  document: '合同',
  states: enumStates<ContractStatusValue>('ContractStatus'),
  historyLabels: { create: '生成合同' },
  actions: {
    sign: {
      from: [S.PENDING, S.BUYER_SIGNED, S.SELLER_SIGNED],
      fromBy: { buyer: [S.PENDING, S.SELLER_SIGNED], seller: [S.PENDING, S.BUYER_SIGNED] },
      to: S.SIGNED,
      alsoTo: [S.BUYER_SIGNED, S.SELLER_SIGNED],
      by: ['buyer', 'seller'],
      permissionsBy: { buyer: BUYER, seller: SELLER },
      label: '签署',
      button: '签署合同',
      history: '签署合同',
      refusal: (status) => (status === S.SIGNED || status === S.VOIDED ? `合同当前状态为${status === S.SIGNED ? '已签署' : '已作废'}，不能签署` : '贵方已签署该合同，等待对方签署'),
    },
    void: {
      from: [S.PENDING, S.BUYER_SIGNED, S.SELLER_SIGNED],
      to: S.VOIDED,
      by: ['buyer', 'seller'],
      permissionsBy: { buyer: BUYER, seller: SELLER },
      label: '作废',
      button: '作废合同',
      history: '作废合同',
    },
  },
});

/** The state after `side` signs in `from` (the other side's signature, if any, makes it 已签署). */
export const contractAfterSign = (from: ContractStatusValue, side: 'buyer' | 'seller'): ContractStatusValue =>
  from === S.PENDING ? (side === 'buyer' ? S.BUYER_SIGNED : S.SELLER_SIGNED) : S.SIGNED;
