import type { FastifyInstance } from 'fastify';
import type { ApprovalRuleInput } from '@aquamall/shared';
import { endpoints as e } from '@aquamall/shared/endpoints';
import type { Db } from '../../db/client.ts';
import { callEndpoint } from '../http.ts';
import { makeAddress, makeCartLine, newIdempotencyKey } from './cart.ts';
import { makeOnSaleProduct, makePurchaser } from './orders.ts';
import { makeSupplier } from './products.ts';
import { giveRole, presetRoleId } from './roles.ts';
import { signIn } from './sessions.ts';
import { insertUser } from './users.ts';

/**
 * A purchaser company for approval tests (docs/product/approvals.md): its administrator buys, a second user heads
 * the buyer's department (set up by the test through the API), a third holds the preset 财务 role; one supplier
 * sells a product at `price` with plenty of stock.
 */
export async function makeApprovalCompany(db: Db, name: string, price = 10_000) {
  const buyer = await makePurchaser(db, `${name}采购商`);
  const head = await signIn(db, await insertUser(db, { companyId: buyer.companyId, realName: `${name}部门经理` }));
  const finance = await signIn(db, await insertUser(db, { companyId: buyer.companyId, realName: `${name}财务经理` }));
  const financeRoleId = await presetRoleId(db, 'purchaser.finance');
  await giveRole(db, finance.id, financeRoleId);
  const supplier = await makeSupplier(db, `${name}供应商`);
  const product = await makeOnSaleProduct(db, supplier, { name: '聚合氯化铝', skus: [{ price, stock: 1000 }] });
  const addressId = await makeAddress(db, buyer.companyId);
  const cartLine = (quantity: number) =>
    makeCartLine(db, buyer, { sellerCompanyId: supplier.id, productId: product.productId, skuId: product.skuIds[0]! }, quantity, price);
  return { buyer, head, finance, financeRoleId, supplier, product, addressId, cartLine, price };
}

/**
 * An approval rule as the rule form saves it: active, priority 1, from ¥0, for any category, supplier, department
 * and role, one step (the department head). `name` and any field can be overridden.
 */
export function approvalRuleInput(over: Partial<ApprovalRuleInput> & { name: string }): ApprovalRuleInput {
  return {
    priority: 1,
    active: true,
    minAmount: 0,
    categoryId: null,
    sellerCompanyId: null,
    departmentId: null,
    roleId: null,
    steps: [{ kind: 'head' }],
    ...over,
  };
}

/** Creates an approval rule (approvalRuleInput with `over`) as the token's user; returns the answer. */
export function createApprovalRule(app: FastifyInstance, token: string, over: Partial<ApprovalRuleInput> & { name: string }) {
  return callEndpoint(app, token, e.approvalRuleCreate, approvalRuleInput(over));
}

/** Creates the buyer's department (named `name`) headed by the approval company's head; returns the answer. */
export function createHeadedDepartment(app: FastifyInstance, co: { buyer: { token: string; id: number }; head: { id: number } }, name: string) {
  return callEndpoint(app, co.buyer.token, e.departmentCreate, { name, headUserId: co.head.id, memberIds: [co.buyer.id, co.head.id] });
}

/**
 * The approval company's buyer checks out `quantity` of its product from a new cart line (at the shown price);
 * answers the checkout's answer (orders, or the purchase request it became).
 */
export async function checkoutApprovalCart(
  app: FastifyInstance,
  co: { buyer: { token: string }; addressId: number; price: number; cartLine: (quantity: number) => Promise<number> },
  quantity: number,
) {
  const line = await co.cartLine(quantity);
  return callEndpoint(
    app,
    co.buyer.token,
    e.checkoutSubmit,
    { source: { cartLineIds: [line], items: [] }, addressId: co.addressId, invoiceKind: 0, invoiceTitleId: null, remarks: [], shownTotal: quantity * co.price },
    { 'idempotency-key': newIdempotencyKey() },
  );
}
