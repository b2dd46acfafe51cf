import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, products } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/use-app.ts';
import { approvalRuleEndpoints as ap } from '@aquamall/shared/endpoints';
import { callEndpoint } from '../../test/http.ts';
import { checkoutApprovalCart, createApprovalRule, giveRole, makeApprovalCompany, makeCategoryBranch, makeSupplier } from '../../test/factories/index.ts';

// The optional conditions of an approval rule (docs/product/approvals.md#rules): 类目 (the category or below it),
// 供应商 and 角色 — each must hold for the rule to route a checkout; a rule whose condition fails lets it order.
const t = useTestApp();
const { db } = t;

describe('approval rule conditions: category, supplier, role', () => {
  it('a rule routes a checkout only when its category (or a parent), supplier and role all match', async () => {
    const co = await makeApprovalCompany(db(), '规则条件');
    const [p] = await db().select({ categoryId: products.categoryId }).from(products).where(eq(products.id, co.product.productId));
    const all = await db().select({ id: categories.id, code: categories.categoryCode, parentId: categories.parentId }).from(categories);
    const mine = all.find((c) => c.id === p!.categoryId)!;
    const parent = all.find((c) => c.id === mine.parentId);
    // A branch of its own, beside the product's (codes are paths: 97 is no prefix of the product's).
    const unrelated = { id: (await makeCategoryBranch(db(), '97', ['规则条件其他', '规则条件其他二', '规则条件其他三'])).top };
    expect(mine.code.startsWith('97')).toBe(false);
    const other = await makeSupplier(db(), '规则条件另一供应商');
    const routed = async () => {
      const res = await checkoutApprovalCart(t.app, co, 1);
      expect(res.code, res.message).toBe(0);
      return res.data.purchaseRequest ? 'request' : 'ordered';
    };
    // Each rule below is the only active one when tried (priority 1 first; a failed condition falls through).
    const rule = async (name: string, over: object) => {
      const r = await createApprovalRule(t.app, co.buyer.token, { name, ...over, steps: [{ kind: 'role', roleId: co.financeRoleId }] });
      expect(r.code, r.message).toBe(0);
      return r.data.sysNo;
    };
    const drop = (id: number) => callEndpoint(t.app, co.buyer.token, ap.approvalRuleDelete, { sysNo: id });

    for (const [name, over, expected] of [
      ['另一类目', { categoryId: unrelated.id }, 'ordered'],
      ['本类目', { categoryId: mine.id }, 'request'],
      ...(parent ? [['上级类目', { categoryId: parent.id }, 'request'] as const] : []),
      ['另一供应商', { sellerCompanyId: other.id }, 'ordered'],
      ['本供应商', { sellerCompanyId: co.supplier.id }, 'request'],
      ['财务角色', { roleId: co.financeRoleId }, 'ordered'], // the buyer does not hold 财务
    ] as const) {
      const id = await rule(name, over);
      expect([name, await routed()]).toEqual([name, expected]);
      expect((await drop(id)).code).toBe(0);
    }
    // The buyer given 财务: the role rule now routes the checkout (to the other 财务 holder).
    await giveRole(db(), co.buyer.id, co.financeRoleId);
    await rule('财务角色（持有）', { roleId: co.financeRoleId });
    expect(await routed()).toBe('request');
  });
});
