import type { Db } from '../../db/client.ts';
import { makeAddress, makeCartLine } from './cart.ts';
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
