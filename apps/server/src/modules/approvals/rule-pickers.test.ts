import { describe, expect, it } from 'vitest';
import { approvalRuleEndpoints as ap } from '@aquamall/shared/endpoints';
import { useTestApp } from '../../test/use-app.ts';
import { callEndpoint } from '../../test/http.ts';
import { createApprovalRule, makeApprovalCompany, makeCategoryBranch, makeSupplier } from '../../test/factories/index.ts';

// 审批设置's pickers (docs/product/approvals.md#rules): the supplier search the rule form offers, and the checks of
// a rule's category and supplier on save.
const t = useTestApp();
const { db } = t;

describe('approval rule pickers: suppliers by name, paged; category and supplier checked on save', () => {
  it('lists open supplier shops by name with paging, never the caller’s own company, only to rule managers', async () => {
    const co = await makeApprovalCompany(db(), '规则选择');
    const made = await Promise.all(['甲', '乙', '丙'].map((n) => makeSupplier(db(), `规则选择检索供应商${n}`)));
    await makeSupplier(db(), '规则选择检索供应商未审核', { approved: false });
    const search = (token: string, q: object) => callEndpoint(t.app, token, ap.approvalRuleSuppliers, { pageIndex: 1, pageSize: 20, ...q });

    const all = await search(co.buyer.token, { keyword: '规则选择检索' });
    expect(all.code, all.message).toBe(0);
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((s) => s.id).sort()).toEqual(made.map((s) => s.id).sort());
    const page2 = await search(co.buyer.token, { keyword: '规则选择检索', pageIndex: 2, pageSize: 2 });
    expect(page2.data).toMatchObject({ total: 3 });
    expect(page2.data.list).toHaveLength(1);
    // LIKE wildcards are literal.
    expect((await search(co.buyer.token, { keyword: '规则选择%供应商' })).data.total).toBe(0);
    // The purchaser's own company is never offered; a supplier's own search leaves itself out too.
    expect((await search(co.buyer.token, {})).data.list.some((s) => s.id === co.buyer.companyId)).toBe(false);
    // A user without 审批设置 is refused, as the page is.
    expect((await search(co.finance.token, { keyword: '规则选择检索' })).code).not.toBe(0);
  });

  it('a rule limited to an unknown category or a company that is no supplier is refused in Chinese and nothing is written', async () => {
    const co = await makeApprovalCompany(db(), '规则校验');
    const branch = await makeCategoryBranch(db(), '96', ['规则校验类目', '规则校验类目二', '规则校验类目三']);
    const count = async () => (await callEndpoint(t.app, co.buyer.token, ap.approvalRuleList, { pageIndex: 1, pageSize: 50 })).data.total;
    const before = await count();

    const badCategory = await createApprovalRule(t.app, co.buyer.token, { name: '坏类目', categoryId: 2_000_000_000 });
    expect(badCategory).toMatchObject({ message: '所选类目不存在' });
    expect(badCategory.code).not.toBe(0);
    const notSupplier = await createApprovalRule(t.app, co.buyer.token, { name: '非供应商', sellerCompanyId: co.buyer.companyId });
    expect(notSupplier).toMatchObject({ message: '所选供应商不存在' });
    expect(await count()).toBe(before);

    const ok = await createApprovalRule(t.app, co.buyer.token, { name: '类目加供应商', categoryId: branch.top, sellerCompanyId: co.supplier.id });
    expect(ok.code, ok.message).toBe(0);
    const list = await callEndpoint(t.app, co.buyer.token, ap.approvalRuleList, { pageIndex: 1, pageSize: 50 });
    const row = list.data.list.find((r) => r.sysNo === ok.data.sysNo)!;
    expect(row).toMatchObject({ categoryId: branch.top, sellerCompanyId: co.supplier.id, sellerCompanyName: '规则校验供应商' });
    expect(row.summary).toContain('类目：规则校验类目');
    expect(row.summary).toContain('供应商：规则校验供应商');
  });
});
