import { and, asc, eq, getTableColumns, ilike, inArray, ne, or } from 'drizzle-orm';
import {
  CompanyType,
  formatMoney,
  toFen,
  toYuan,
  type ApprovalRuleInput,
  type ApprovalRuleRow,
  type ApprovalSupplierOption,
  MerchantStatus,
  type PageQuery,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  approvalRules,
  categories,
  companies,
  departments,
  roles,
  users,
  type ApprovalStepSpec,
} from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';
import { ownRolesCondition } from '../access/index.ts';
import { openShop } from '../merchant/index.ts';
import type { Caller } from '../auth/index.ts';
import { userName } from './departments.ts';
import { fail } from './messages.ts';

type Rule = typeof approvalRules.$inferSelect;

export function assertPurchaserCompany(caller: Caller): void {
  if (caller.companyType !== CompanyType.PURCHASER) throw fail('APPROVAL_RULE_PURCHASERS_ONLY');
}

/** Names of the things rules point at, for their summaries. */
async function namesFor(db: Db, caller: Caller, rows: Rule[]) {
  const ids = (pick: (r: Rule) => (number | null)[]) => [...new Set(rows.flatMap(pick).filter((x): x is number => x !== null))];
  const roleIds = ids((r) => [r.roleId, ...r.steps.map((s) => (s.kind === 'role' ? s.roleId : null))]);
  const userIds = ids((r) => r.steps.flatMap((s) => (s.kind === 'users' ? s.userIds : [])));
  const depIds = ids((r) => [r.departmentId]);
  const catIds = ids((r) => [r.categoryId]);
  const sellerIds = ids((r) => [r.sellerCompanyId]);
  const none = Promise.resolve([] as { id: number; name: string }[]);
  const [rs, us, ds, cs, ss] = await Promise.all([
    roleIds.length ? db.select({ id: roles.id, name: roles.name }).from(roles).where(and(inArray(roles.id, roleIds), ownRolesCondition(caller))) : none,
    userIds.length
      ? db.select({ id: users.id, name: userName }).from(users).where(and(inArray(users.id, userIds), eq(users.companyId, caller.companyId)))
      : none,
    depIds.length
      ? db.select({ id: departments.id, name: departments.name }).from(departments).where(and(inArray(departments.id, depIds), eq(departments.companyId, caller.companyId)))
      : none,
    catIds.length ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, catIds)) : none,
    sellerIds.length ? db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, sellerIds)) : none,
  ]);
  const map = (xs: { id: number; name: string }[]) => new Map(xs.map((x) => [x.id, x.name]));
  return { roles: map(rs), users: map(us), departments: map(ds), categories: map(cs), sellers: map(ss) };
}
type Names = Awaited<ReturnType<typeof namesFor>>;

/** A step in words: 部门负责人 / 角色：财务经理 / 指定人员：张三、李四. */
export function stepLabel(s: ApprovalStepSpec, names: Pick<Names, 'roles' | 'users'>): string {
  if (s.kind === 'head') return '部门负责人';
  if (s.kind === 'role') return `角色：${names.roles.get(s.roleId) ?? '已删除的角色'}`;
  return `指定人员：${s.userIds.map((id) => names.users.get(id) ?? '已删除的用户').join('、')}`;
}

function ruleRow(r: Rule, names: Names): ApprovalRuleRow {
  const conditions = [`订单金额≥${formatMoney(r.minAmount)}`];
  if (r.categoryId !== null) conditions.push(`类目：${names.categories.get(r.categoryId) ?? '已删除的类目'}`);
  if (r.sellerCompanyId !== null) conditions.push(`供应商：${names.sellers.get(r.sellerCompanyId) ?? '未知供应商'}`);
  if (r.departmentId !== null) conditions.push(`部门：${names.departments.get(r.departmentId) ?? '已删除的部门'}`);
  if (r.roleId !== null) conditions.push(`角色：${names.roles.get(r.roleId) ?? '已删除的角色'}`);
  return {
    sysNo: r.id,
    name: r.name,
    priority: r.priority,
    active: r.active,
    minAmount: toYuan(toFen(r.minAmount)),
    categoryId: r.categoryId,
    sellerCompanyId: r.sellerCompanyId,
    sellerCompanyName: r.sellerCompanyId !== null ? (names.sellers.get(r.sellerCompanyId) ?? '未知供应商') : null,
    departmentId: r.departmentId,
    roleId: r.roleId,
    steps: r.steps,
    summary: conditions.join('；'),
    stepsSummary: r.steps.map((s, i) => `第${i + 1}步 ${stepLabel(s, names)}`),
    createdAt: r.createdAt.toISOString(),
  };
}

const ruleOrder = [asc(approvalRules.priority), asc(approvalRules.id)];

/** The company's rules in the order they are tried (docs/product/approvals.md#rules), paged. */
export async function listRules(db: Db, caller: Caller, q: { pageIndex: number; pageSize: number }): Promise<Paged<ApprovalRuleRow>> {
  assertPurchaserCompany(caller);
  const where = eq(approvalRules.companyId, caller.companyId);
  const page = await pagedRows(
    db.select({ ...getTableColumns(approvalRules), total: totalOf(approvalRules, where) }).from(approvalRules).where(where).orderBy(...ruleOrder),
    q,
    () => db.$count(approvalRules, where),
  );
  const names = await namesFor(db, caller, page.list);
  return { total: page.total, list: page.list.map((r) => ruleRow(r, names)) };
}

/** Every reference of a rule is the company's own (or a preset role of its type, a category, a supplier). */
async function checkRule(db: Db, caller: Caller, input: ApprovalRuleInput) {
  const roleIds = [...new Set([input.roleId, ...input.steps.map((s) => (s.kind === 'role' ? s.roleId : null))].filter((x): x is number => x !== null))];
  if (roleIds.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(and(inArray(roles.id, roleIds), ownRolesCondition(caller)));
    if (found.length !== roleIds.length) throw fail('APPROVAL_RULE_ROLE_UNKNOWN');
  }
  const userIds = [...new Set(input.steps.flatMap((s) => (s.kind === 'users' ? s.userIds : [])))];
  if (userIds.length) {
    const found = await db.select({ id: users.id }).from(users).where(and(inArray(users.id, userIds), eq(users.companyId, caller.companyId)));
    if (found.length !== userIds.length) throw fail('APPROVAL_RULE_USER_UNKNOWN');
  }
  if (input.departmentId !== null) {
    const [d] = await db.select({ id: departments.id }).from(departments).where(and(eq(departments.id, input.departmentId), eq(departments.companyId, caller.companyId)));
    if (!d) throw fail('APPROVAL_RULE_DEPARTMENT_UNKNOWN');
  }
  if (input.categoryId !== null) {
    const [c] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
    if (!c) throw fail('APPROVAL_RULE_CATEGORY_UNKNOWN');
  }
  if (input.sellerCompanyId !== null) {
    // A supplier company (its shop may have closed since; the rule then simply matches nothing).
    const [s] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, input.sellerCompanyId), eq(companies.type, CompanyType.SUPPLIER), ne(companies.id, caller.companyId)));
    if (!s) throw fail('APPROVAL_RULE_SUPPLIER_UNKNOWN');
  }
}

/** 审批设置's supplier picker: approved, open supplier shops (never the caller's own company) by name, paged. */
export async function ruleSupplierOptions(db: Db, caller: Caller, q: PageQuery & { keyword?: string }): Promise<Paged<ApprovalSupplierOption>> {
  assertPurchaserCompany(caller);
  const where = and(
    openShop,
    eq(companies.merchantStatus, MerchantStatus.APPROVED),
    ne(companies.id, caller.companyId),
    q.keyword ? or(ilike(companies.name, `%${escapeLike(q.keyword)}%`), ilike(companies.shopName, `%${escapeLike(q.keyword)}%`)) : undefined,
  );
  const page = await pagedRows(
    db
      .select({ id: companies.id, name: companies.name, shopName: companies.shopName, total: totalOf(companies, where) })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id)),
    q,
    () => db.$count(companies, where),
  );
  return { total: page.total, list: page.list.map((r) => ({ id: r.id, name: r.name, shopName: r.shopName || r.name })) };
}

const ruleValues = (input: ApprovalRuleInput) => ({
  name: input.name,
  priority: input.priority,
  active: input.active,
  minAmount: toYuan(toFen(input.minAmount)),
  categoryId: input.categoryId,
  sellerCompanyId: input.sellerCompanyId,
  departmentId: input.departmentId,
  roleId: input.roleId,
  steps: input.steps.map((s): ApprovalStepSpec => (s.kind === 'users' ? { kind: 'users', userIds: [...new Set(s.userIds)] } : s)),
});

export async function createRule(db: Db, caller: Caller, input: ApprovalRuleInput) {
  assertPurchaserCompany(caller);
  await checkRule(db, caller, input);
  const [row] = await db.insert(approvalRules).values({ companyId: caller.companyId, ...ruleValues(input) }).returning({ id: approvalRules.id });
  return { sysNo: row!.id };
}

async function ownRule(db: Db, caller: Caller, id: number) {
  const [row] = await db.select({ id: approvalRules.id }).from(approvalRules).where(and(eq(approvalRules.id, id), eq(approvalRules.companyId, caller.companyId)));
  if (!row) throw fail('APPROVAL_RULE_NOT_FOUND');
}

export async function updateRule(db: Db, caller: Caller, id: number, input: ApprovalRuleInput) {
  assertPurchaserCompany(caller);
  await ownRule(db, caller, id);
  await checkRule(db, caller, input);
  await db
    .update(approvalRules)
    .set({ ...ruleValues(input), updatedAt: new Date() })
    .where(and(eq(approvalRules.id, id), eq(approvalRules.companyId, caller.companyId)));
}

export async function deleteRule(db: Db, caller: Caller, id: number) {
  assertPurchaserCompany(caller);
  await ownRule(db, caller, id);
  await db.delete(approvalRules).where(and(eq(approvalRules.id, id), eq(approvalRules.companyId, caller.companyId)));
}

/** What a rule is matched against: a checkout's total, its lines' categories and suppliers, its requester. */
export interface Submission {
  totalFen: number;
  categoryCodes: string[];
  sellerCompanyIds: number[];
  departmentId: number | null;
  roleIds: number[];
}

/** The first active rule, by priority then id, whose every condition the submission meets; null if none. */
export async function matchingRule(db: Db, companyId: number, s: Submission): Promise<Rule | null> {
  const rules = await db
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.companyId, companyId), eq(approvalRules.active, true)))
    .orderBy(...ruleOrder);
  if (!rules.length) return null;
  const catIds = [...new Set(rules.flatMap((r) => (r.categoryId !== null ? [r.categoryId] : [])))];
  const cats = catIds.length
    ? new Map((await db.select({ id: categories.id, code: categories.categoryCode }).from(categories).where(inArray(categories.id, catIds))).map((c) => [c.id, c.code]))
    : new Map<number, string>();
  return (
    rules.find((r) => {
      if (s.totalFen < toFen(r.minAmount)) return false;
      if (r.sellerCompanyId !== null && !s.sellerCompanyIds.includes(r.sellerCompanyId)) return false;
      if (r.departmentId !== null && r.departmentId !== s.departmentId) return false;
      if (r.roleId !== null && !s.roleIds.includes(r.roleId)) return false;
      if (r.categoryId !== null) {
        const code = cats.get(r.categoryId);
        if (!code || !s.categoryCodes.some((c) => c.startsWith(code))) return false;
      }
      return true;
    }) ?? null
  );
}

/** The names a step label needs for these rules' steps (for the request snapshot). */
export async function stepNames(db: Db, caller: Caller, rule: Rule) {
  return namesFor(db, caller, [rule]);
}

/** One rule of the company by id (active or not): the budget setting's rule for over-budget submissions. */
export async function ruleById(db: Db, companyId: number, id: number): Promise<Rule | null> {
  const [r] = await db.select().from(approvalRules).where(and(eq(approvalRules.id, id), eq(approvalRules.companyId, companyId)));
  return r ?? null;
}
