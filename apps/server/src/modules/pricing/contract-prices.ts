import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  chinaDay,
  CompanyType,
  CONTRACT_PRICE_SHEET,
  CONTRACT_PRICE_STATE_LABEL,
  ContractPriceKind,
  toFen,
  toYuan,
  type ContractPriceRow,
  type ContractPriceState,
  type ContractSkuOption,
  type contractPriceInput,
  type contractPriceListQuery,
  type contractPriceUpdateInput,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { cutAt, type ExportFile } from '../../lib/download.ts';
import { loadExcel } from '../../lib/lazy.ts';
import {
  companies,
  contractPrices,
  contractPriceUses,
  customerGroups,
  products,
  productSkus,
  type ContractTier,
} from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Caller } from '../auth/index.ts';
import { contractUnitFen } from './contract-source.ts';
import { fail } from './messages.ts';
import { forgetMyPrices } from './my-price-cache.ts';

type CreateIn = z.output<typeof contractPriceInput>;
type EditIn = z.output<typeof contractPriceUpdateInput>;
type ListIn = z.output<typeof contractPriceListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const specText = (values: readonly { name: string; value: string }[]) =>
  values.map((v) => `${v.name} ${v.value}`).join(' / ');
/** A rule value as stored: two decimals (yuan, or percent). */
const stored = (v: number) => toYuan(toFen(v));
const storedTiers = (tiers: readonly { minQty: number; value: number }[]): ContractTier[] =>
  tiers.map((t) => ({ minQty: t.minQty, value: stored(t.value) }));

/** Rule writes of one supplier take turns (overlap checks cannot race past each other), on every instance. */
export const lockSupplierRules = (t: Db, supplierCompanyId: number) =>
  t.execute(sql`select pg_advisory_xact_lock(209, ${supplierCompanyId})`);

/** The state of a rule on a China day (docs/product/prices.md#managing-contract-prices). */
export function ruleState(r: { enabled: boolean; validFrom: string; validTo: string | null }, day: string): ContractPriceState {
  if (!r.enabled || (r.validTo !== null && r.validTo < day)) return 'ended';
  if (r.validFrom > day) return 'upcoming';
  return 'active';
}

/** The quantity bought at each rule so far (sum of its use ledger, net of cancellations). */
async function usedOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ ruleId: contractPriceUses.ruleId, n: sql<number>`coalesce(sum(${contractPriceUses.quantity}), 0)`.mapWith(Number) })
    .from(contractPriceUses)
    .where(inArray(contractPriceUses.ruleId, [...ids]))
    .groupBy(contractPriceUses.ruleId);
  return new Map(rows.map((r) => [r.ruleId, r.n]));
}

/** Whether any order line was ever bought at the rule (even if its quantity was later given back). */
async function everUsed(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ ruleId: contractPriceUses.ruleId })
    .from(contractPriceUses)
    .where(inArray(contractPriceUses.ruleId, [...ids]));
  return new Set(rows.map((r) => r.ruleId));
}

const stateCondition = (state: ContractPriceState, day: string): SQL => {
  if (state === 'ended') return or(eq(contractPrices.enabled, false), lt(contractPrices.validTo, day))!;
  if (state === 'upcoming')
    return and(eq(contractPrices.enabled, true), gt(contractPrices.validFrom, day), or(isNull(contractPrices.validTo), gte(contractPrices.validTo, day)))!;
  return and(eq(contractPrices.enabled, true), lte(contractPrices.validFrom, day), or(isNull(contractPrices.validTo), gte(contractPrices.validTo, day)))!;
};

/** The caller supplier's rules, newest first, filtered by purchaser/group name, SKU code or product name, state. */
export async function listContractPrices(
  db: Db,
  caller: Caller,
  q: ListIn,
  now = new Date(),
): Promise<{ list: ContractPriceRow[]; total: number }> {
  const day = chinaDay(now);
  const conds: SQL[] = [eq(contractPrices.supplierCompanyId, caller.companyId)];
  if (q.purchaser) conds.push(or(ilike(companies.name, like(q.purchaser)), ilike(customerGroups.name, like(q.purchaser)))!);
  if (q.sku) conds.push(or(ilike(productSkus.code, like(q.sku)), ilike(products.name, like(q.sku)))!);
  if (q.state) conds.push(stateCondition(q.state, day));
  const where = and(...conds);
  const base = () =>
    db
      .select({
        rule: contractPrices,
        companyName: companies.name,
        groupName: customerGroups.name,
        skuCode: productSkus.code,
        specValues: productSkus.specValues,
        listPrice: productSkus.price,
        productName: products.name,
        unit: products.unit,
      })
      .from(contractPrices)
      .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
      .innerJoin(products, eq(products.id, productSkus.productId))
      .leftJoin(companies, eq(companies.id, contractPrices.purchaserCompanyId))
      .leftJoin(customerGroups, eq(customerGroups.id, contractPrices.groupId));
  const [rows, totals] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(contractPrices.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(contractPrices)
      .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
      .innerJoin(products, eq(products.id, productSkus.productId))
      .leftJoin(companies, eq(companies.id, contractPrices.purchaserCompanyId))
      .leftJoin(customerGroups, eq(customerGroups.id, contractPrices.groupId))
      .where(where),
  ]);
  const n = totals[0]?.n ?? 0;
  const ids = rows.map((r) => r.rule.id);
  const [used, ever] = await Promise.all([usedOf(db, ids), everUsed(db, ids)]);
  return {
    total: Number(n),
    list: rows.map(({ rule: r, ...x }) => {
      const u = used.get(r.id) ?? 0;
      return {
        id: r.id,
        purchaserCompanyId: r.purchaserCompanyId,
        groupId: r.groupId,
        targetName: r.groupId ? `客户分组：${x.groupName ?? ''}` : (x.companyName ?? ''),
        skuId: r.skuId,
        skuCode: x.skuCode,
        productName: x.productName,
        spec: specText(x.specValues),
        unit: x.unit,
        listPrice: x.listPrice,
        kind: r.kind,
        value: r.value,
        unitPrice: toYuan(contractUnitFen(r, 1, toFen(x.listPrice))),
        tiers: r.tiers,
        validFrom: r.validFrom,
        validTo: r.validTo,
        capQty: r.capQty,
        usedQty: u,
        remainingQty: r.capQty === null ? null : Math.max(0, r.capQty - u),
        enabled: r.enabled,
        state: ruleState(r, day),
        remark: r.remark,
        used: ever.has(r.id),
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
  };
}

/** SKUs of the caller's own catalogue by code or product name, for the rule form (at most 20). */
export async function contractSkus(db: Db, caller: Caller, keyword: string): Promise<ContractSkuOption[]> {
  const rows = await db
    .select({ skuId: productSkus.id, skuCode: productSkus.code, specValues: productSkus.specValues, listPrice: productSkus.price, productName: products.name })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(eq(productSkus.companyId, caller.companyId), or(ilike(productSkus.code, like(keyword)), ilike(products.name, like(keyword)))))
    .orderBy(asc(productSkus.code))
    .limit(20);
  return rows.map(({ specValues, ...r }) => ({ ...r, spec: specText(specValues) }));
}

/** The purchaser company or the supplier's own customer group a rule is for (refused otherwise). */
async function checkTarget(t: Db, caller: Caller, target: { purchaserCompanyId?: number | null; groupId?: number | null }) {
  if (target.purchaserCompanyId) {
    const [c] = await t.select({ type: companies.type }).from(companies).where(eq(companies.id, target.purchaserCompanyId));
    if (!c || c.type !== CompanyType.PURCHASER) throw fail('CONTRACT_PRICE_NOT_PURCHASER');
    return { purchaserCompanyId: target.purchaserCompanyId, groupId: null };
  }
  const [g] = target.groupId
    ? await t
        .select({ id: customerGroups.id })
        .from(customerGroups)
        .where(and(eq(customerGroups.id, target.groupId), eq(customerGroups.supplierCompanyId, caller.companyId)))
    : [];
  if (!g) throw fail('CONTRACT_PRICE_GROUP_UNKNOWN');
  return { purchaserCompanyId: null, groupId: g.id };
}

/**
 * Refuses a rule whose validity overlaps an enabled rule of the same supplier for the same SKU and the same
 * purchaser company (or group): which of two such rules applies would otherwise depend on their prices.
 */
async function checkOverlap(
  t: Db,
  rule: { supplierCompanyId: number; skuId: number; purchaserCompanyId: number | null; groupId: number | null; validFrom: string; validTo: string | null },
  skuCode: string,
  exceptId?: number,
) {
  const conds: SQL[] = [
    eq(contractPrices.supplierCompanyId, rule.supplierCompanyId),
    eq(contractPrices.skuId, rule.skuId),
    eq(contractPrices.enabled, true),
    rule.purchaserCompanyId ? eq(contractPrices.purchaserCompanyId, rule.purchaserCompanyId) : eq(contractPrices.groupId, rule.groupId!),
    or(isNull(contractPrices.validTo), gte(contractPrices.validTo, rule.validFrom))!,
  ];
  if (rule.validTo) conds.push(lte(contractPrices.validFrom, rule.validTo));
  if (exceptId) conds.push(ne(contractPrices.id, exceptId));
  const [clash] = await t.select({ id: contractPrices.id }).from(contractPrices).where(and(...conds)).limit(1);
  if (clash) throw fail('CONTRACT_PRICE_OVERLAP', { sku: skuCode, id: clash.id });
}

/** The SKUs of the caller's catalogue by id (any other refused). */
async function ownSkus(t: Db, caller: Caller, skuIds: readonly number[]) {
  const rows = await t
    .select({ id: productSkus.id, code: productSkus.code })
    .from(productSkus)
    .where(and(eq(productSkus.companyId, caller.companyId), inArray(productSkus.id, [...skuIds])));
  if (rows.length !== new Set(skuIds).size) throw fail('CONTRACT_PRICE_SKU_UNKNOWN');
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** The values of a rule as stored, from the form's (or a price list row's) fields. */
export const ruleValues = (input: Omit<EditIn, 'id'>) => ({
  kind: input.kind,
  value: stored(input.value),
  tiers: storedTiers(input.tiers),
  validFrom: input.validFrom,
  validTo: input.validTo ?? null,
  capQty: input.capQty ?? null,
  remark: input.remark,
});

/** Inserts one rule after the overlap check, with its operation-log entry (inside the supplier's rule lock). */
export async function insertRule(
  t: Db,
  caller: Caller,
  values: ReturnType<typeof ruleValues> & { purchaserCompanyId: number | null; groupId: number | null; skuId: number },
  skuCode: string,
): Promise<number> {
  const row = { supplierCompanyId: caller.companyId, ...values };
  await checkOverlap(t, row, skuCode);
  const [inserted] = await t.insert(contractPrices).values(row).returning({ id: contractPrices.id });
  await recordAudit(t, { userId: caller.userId, ip: '' }, { action: 'contract_price.create', targetType: 'contract_price', targetId: inserted!.id, after: row });
  return inserted!.id;
}

/** The caller supplier creates one rule per SKU for a purchaser company or a customer group; audited. */
export async function createContractPrices(db: Db, caller: Caller, input: CreateIn, now = new Date()): Promise<{ ids: number[] }> {
  if (input.validTo && input.validTo < chinaDay(now)) throw fail('CONTRACT_PRICE_END_PAST');
  const created = await inTransaction(db, async (t) => {
    await lockSupplierRules(t, caller.companyId);
    const target = await checkTarget(t, caller, input);
    const codes = await ownSkus(t, caller, input.skuIds);
    const ids: number[] = [];
    for (const skuId of input.skuIds) ids.push(await insertRule(t, caller, { ...target, skuId, ...ruleValues(input) }, codes.get(skuId)!));
    return { ids };
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
  return created;
}

/** Locks one rule of the caller supplier (another supplier's: 记录不存在). */
async function lockRule(t: Db, caller: Caller, id: number) {
  const [row] = await t
    .select()
    .from(contractPrices)
    .where(and(eq(contractPrices.id, id), eq(contractPrices.supplierCompanyId, caller.companyId)))
    .for('update');
  if (!row) throw fail('CONTRACT_PRICE_NOT_FOUND');
  return row;
}

/**
 * Changes a locked rule (not an ended one; the cap not below what was bought; no overlap), with its
 * operation-log entry (inside the supplier's rule lock).
 */
export async function applyEdit(
  t: Db,
  caller: Caller,
  before: typeof contractPrices.$inferSelect,
  after: ReturnType<typeof ruleValues>,
  skuCode: string,
  now: Date,
): Promise<void> {
  if (ruleState(before, chinaDay(now)) === 'ended') throw fail('CONTRACT_PRICE_ENDED');
  if (after.capQty) {
    const used = (await usedOf(t, [before.id])).get(before.id) ?? 0;
    if (after.capQty < used) throw fail('CONTRACT_PRICE_CAP_BELOW_USED', { used });
  }
  await checkOverlap(t, { ...before, ...after }, skuCode, before.id);
  await t.update(contractPrices).set({ ...after, updatedAt: now }).where(eq(contractPrices.id, before.id));
  await recordAudit(t, { userId: caller.userId, ip: '' }, { action: 'contract_price.update', targetType: 'contract_price', targetId: before.id, before, after });
}

/** The caller supplier changes one rule (not an ended one); the cap cannot go below what was bought. */
export async function editContractPrice(db: Db, caller: Caller, input: EditIn, now = new Date()): Promise<void> {
  if (input.validTo && input.validTo < chinaDay(now)) throw fail('CONTRACT_PRICE_END_PAST');
  await inTransaction(db, async (t) => {
    await lockSupplierRules(t, caller.companyId);
    const before = await lockRule(t, caller, input.id);
    const [sku] = await t.select({ code: productSkus.code }).from(productSkus).where(eq(productSkus.id, before.skuId));
    await applyEdit(t, caller, before, ruleValues(input), sku?.code ?? '', now);
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
}

/**
 * The caller supplier ends a rule: it stops applying at once (disabled; its last day becomes today when it had
 * started) and stays listed with its use.
 */
export async function endContractPrice(db: Db, caller: Caller, id: number, now = new Date()): Promise<void> {
  const day = chinaDay(now);
  await inTransaction(db, async (t) => {
    const before = await lockRule(t, caller, id);
    if (!before.enabled) throw fail('CONTRACT_PRICE_ENDED');
    const validTo = before.validFrom <= day && (before.validTo === null || before.validTo > day) ? day : before.validTo;
    await t.update(contractPrices).set({ enabled: false, validTo, updatedAt: now }).where(eq(contractPrices.id, id));
    await recordAudit(t, { userId: caller.userId, ip: '' }, {
      action: 'contract_price.end',
      targetType: 'contract_price',
      targetId: id,
      before: { enabled: true, validTo: before.validTo },
      after: { enabled: false, validTo },
    });
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
}

/** The caller supplier deletes a rule no order ever bought at (a used one is ended instead: its orders name it). */
export async function deleteContractPrice(db: Db, caller: Caller, id: number): Promise<void> {
  await inTransaction(db, async (t) => {
    const before = await lockRule(t, caller, id);
    if ((await everUsed(t, [id])).size) throw fail('CONTRACT_PRICE_USED');
    await t.delete(contractPrices).where(eq(contractPrices.id, id));
    await recordAudit(t, { userId: caller.userId, ip: '' }, { action: 'contract_price.delete', targetType: 'contract_price', targetId: id, before });
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
}

/** Rules in one export at most (the list's filters narrow it). */
export const CONTRACT_PRICE_EXPORT_LIMIT = 5_000;

/** The filtered list (same scope and filters as the page) as an .xlsx workbook, one row per rule. */
export async function exportContractPrices(db: Db, caller: Caller, q: ListIn, now = new Date()): Promise<ExportFile> {
  const read = await listContractPrices(db, caller, { ...q, pageIndex: 1, pageSize: CONTRACT_PRICE_EXPORT_LIMIT + 1 }, now);
  const { rows, cut } = cutAt(read.list, CONTRACT_PRICE_EXPORT_LIMIT);
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(CONTRACT_PRICE_SHEET);
  sheet.columns = [
    { header: '规则编号', key: 'id', width: 10 },
    { header: '采购商/客户分组', key: 'target', width: 28 },
    { header: 'SKU编码', key: 'skuCode', width: 16 },
    { header: '商品名称', key: 'product', width: 30 },
    { header: '规格', key: 'spec', width: 20 },
    { header: '列表价（元）', key: 'listPrice', width: 12 },
    { header: '定价方式', key: 'kind', width: 10 },
    { header: '协议价（元）/优惠比例（%）', key: 'value', width: 18 },
    { header: '数量阶梯', key: 'tiers', width: 24 },
    { header: '协议单价（元）', key: 'unitPrice', width: 14 },
    { header: '生效日期', key: 'validFrom', width: 12 },
    { header: '截止日期', key: 'validTo', width: 12 },
    { header: '限购数量', key: 'cap', width: 10 },
    { header: '已用数量', key: 'used', width: 10 },
    { header: '状态', key: 'state', width: 8 },
    { header: '备注', key: 'remark', width: 24 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow({
      id: r.id,
      target: r.targetName,
      skuCode: r.skuCode,
      product: r.productName,
      spec: r.spec,
      listPrice: Number(r.listPrice),
      kind: r.kind === ContractPriceKind.FIXED ? '固定价' : '折扣',
      value: Number(r.value),
      tiers: r.tiers.map((t) => `${t.minQty}件起 ${t.value}`).join('；'),
      unitPrice: Number(r.unitPrice),
      validFrom: r.validFrom,
      validTo: r.validTo ?? '长期',
      cap: r.capQty ?? '不限',
      used: r.usedQty,
      state: CONTRACT_PRICE_STATE_LABEL[r.state],
      remark: r.remark,
    });
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
