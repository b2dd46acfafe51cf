import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of the order contracts module by identity (docs/errors.md). Status refusals live in the contract's
 * state table (packages/shared/src/machines/contract.ts).
 */
export const contractsErrors = defineErrors({
  CONTRACT_NOT_FOUND: { kind: 'notFound', message: '合同记录不存在' },
  CONTRACT_EXISTS: { kind: 'conflict', message: '该订单已有未作废的合同，请勿重复生成' },
  CONTRACT_ORDER_CLOSED: { kind: 'conflict', message: '订单已取消或已完成，不能生成合同' },
  CONTRACT_NO_PERMISSION: { kind: 'forbidden', message: '您没有签署或作废该合同的权限' },
  CONTRACT_NO_PHONE: { kind: 'conflict', message: '您的账号未绑定手机号，无法接收签署验证码' },
  CONTRACT_CODE_WRONG: { kind: 'invalid', message: '短信验证码错误或已过期，请重新获取' },
  CONTRACT_CHANGED: { kind: 'conflict', message: '合同已被对方签署或作废，请刷新后重新签署' },
  CONTRACT_FILE_GONE: { kind: 'notFound', message: '合同文件不存在，请联系平台' },
  /** shipOrder: the supplier's rule requires a signed contract (docs/product/contracts.md#required). */
  CONTRACT_UNSIGNED_SHIP: { kind: 'conflict', message: '该订单须先由双方签署采购合同，签署完成后才能发货' },
  /** repriceOrder: the contract carries the prices it was generated with. */
  CONTRACT_BLOCKS_REPRICE: { kind: 'conflict', message: '该订单已生成采购合同，请先作废合同再修改价格' },
});

/** Raises one of this module's errors: `throw fail('CONTRACT_EXISTS')`. */
export const fail = raiserOf(contractsErrors);
