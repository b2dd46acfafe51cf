import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  chinaDay,
  CompanyType,
  CONTRACT_PRICE_IMPORT_MAX,
  CONTRACT_PRICE_SHEET,
  ContractPriceKind,
  contractPriceUpdateInput,
  type ContractPriceImportResult,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { companies, contractPrices, customerGroups, productSkus } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadExcel } from '../../lib/lazy.ts';
import { readSheet } from '../../lib/sheets.ts';
import type { Caller } from '../auth/index.ts';
import { applyEdit, insertRule, lockSupplierRules, ruleValues } from './contract-prices.ts';
import { fail } from './messages.ts';
import { forgetMyPrices } from './my-price-cache.ts';

/**
 * Price lists in Excel (docs/product/prices.md#price-lists-in-excel): the supplier fills the template, or edits
 * the export of 协议价管理, and uploads it. The workbook is read off the event loop (lib/sheets.ts); every row is
 * checked by the form's rules (the same zod schema), then, in one transaction under the supplier's rule lock,
 * written row by row with the form's checks (own SKU, purchaser or own group, overlap, ended rule, cap below
 * use) and operation-log entries. A row with 规则编号 changes that rule (unchanged rows are left alone); a row
 * without creates one. When any row is refused, the transaction is rolled back: nothing is imported and every
 * refused row is named.
 */

const H = {
  id: '规则编号',
  target: '采购商/客户分组',
  sku: 'SKU编码',
  kind: '定价方式',
  value: '协议价（元）/优惠比例（%）',
  tiers: '数量阶梯',
  from: '生效日期',
  to: '截止日期',
  cap: '限购数量',
  remark: '备注',
} as const;
const REQUIRED = [H.target, H.sku, H.kind, H.value, H.from] as const;
/** A group is named with this prefix, as the page and the export show it. */
const GROUP_PREFIX = /^客户分组[：:]\s*/;
const OPEN_END = ['', '长期', '不限'];

export async function buildPriceListTemplate(): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(CONTRACT_PRICE_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: H.id, key: 'id', width: 10 },
    { header: H.target, key: 'target', width: 28 },
    { header: H.sku, key: 'sku', width: 16 },
    { header: H.kind, key: 'kind', width: 10 },
    { header: H.value, key: 'value', width: 18 },
    { header: H.tiers, key: 'tiers', width: 24 },
    { header: H.from, key: 'from', width: 12 },
    { header: H.to, key: 'to', width: 12 },
    { header: H.cap, key: 'cap', width: 10 },
    { header: H.remark, key: 'remark', width: 24 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const key of ['sku', 'from', 'to', 'target']) sheet.getColumn(key).numFmt = '@';
  const help = wb.addWorksheet('填写说明');
  help.getColumn(1).width = 110;
  for (const line of [
    '1. 在「协议价」表中每行填写一个SKU的协议价；也可以在协议价管理页导出Excel，修改后上传。',
    `2. ${H.id}：留空为新增；填写导出文件中的编号为修改该规则（采购商和SKU不能改）；未改动的行不会变化。`,
    `3. ${H.target}：采购商的企业全称，或“客户分组：分组名称”（分组须先在客户分组页建立）。`,
    `4. ${H.sku}：本公司商品的SKU编码。${H.kind}：“固定价”或“折扣”。`,
    `5. ${H.value}：固定价填单价（元，大于0，最多两位小数）；折扣填优惠比例（0.01到99.99，例如 5 表示列表价的95%）。`,
    `6. ${H.tiers}：可留空；如“10件起 90；50件起 85”，起订数量从2起逐档递增，最多10档。`,
    `7. ${H.from}、${H.to}：中国日期，如 2026-12-01，两端都包含；截止日期留空或填“长期”为不设截止，不能早于今天。`,
    `8. ${H.cap}：可留空（不限）；正整数，按此价格累计可购买的数量。`,
    '9. 同一SKU对同一采购商（或同一分组）的有效期不能与已有的有效协议价重叠。',
    `10. 任何一行有错误时整个文件都不导入，页面逐行列出错误；每个文件最多${CONTRACT_PRICE_IMPORT_MAX}行，不超过5MB。`,
  ])
    help.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface ParsedRow {
  row: number;
  ruleId: number | null;
  target: { company: string } | { group: string };
  skuCode: string;
  values: ReturnType<typeof ruleValues>;
}

const numberText = (s: string) => s.replace(/[,，\s¥￥%]/g, '');
const isWhole = (s: string) => /^\d+$/.test(s);

/** A China day written as 2026-12-01, 2026/12/1 or 2026年12月1日 (a date cell reads as 2026-12-01). */
function dayOf(s: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(s.trim());
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : day;
}

/** "10件起 90；50件起 85" → tiers (null: unreadable). */
function tiersOf(s: string): { minQty: number; value: number }[] | null {
  const parts = s.split(/[；;\n]/).map((p) => p.trim()).filter(Boolean);
  const tiers: { minQty: number; value: number }[] = [];
  for (const p of parts) {
    const m = /^(\d+)\s*件?起\s*[:：]?\s*(\d+(?:\.\d+)?)\s*%?$/.exec(p);
    if (!m) return null;
    tiers.push({ minQty: Number(m[1]), value: Number(m[2]) });
  }
  return tiers;
}

/** One data row by the form's rules: the parsed row, or its problems in words. */
function parseRow(cell: (header: string) => string, row: number): ParsedRow | string[] {
  const problems: string[] = [];
  const idText = cell(H.id);
  const ruleId = idText ? (isWhole(idText) && Number(idText) > 0 && Number(idText) <= 2_147_483_647 ? Number(idText) : NaN) : null;
  if (Number.isNaN(ruleId)) problems.push('规则编号格式不正确');
  const targetText = cell(H.target);
  if (!targetText) problems.push('请填写采购商或客户分组');
  const skuCode = cell(H.sku);
  if (!skuCode) problems.push('请填写SKU编码');
  const kindText = cell(H.kind);
  const kind = kindText === '固定价' ? ContractPriceKind.FIXED : kindText === '折扣' || kindText === '列表价优惠' ? ContractPriceKind.DISCOUNT : null;
  if (!kind) problems.push('定价方式请填写“固定价”或“折扣”');
  const valueText = numberText(cell(H.value));
  const value = /^\d+(\.\d+)?$/.test(valueText) ? Number(valueText) : NaN;
  if (Number.isNaN(value)) problems.push('请填写协议价（元）或优惠比例（%）');
  const tiers = tiersOf(cell(H.tiers));
  if (!tiers) problems.push('数量阶梯格式不正确，应如“10件起 90；50件起 85”');
  const validFrom = dayOf(cell(H.from));
  if (!validFrom) problems.push('生效日期格式不正确，应如 2026-12-01');
  const toText = cell(H.to);
  const validTo = OPEN_END.includes(toText) ? null : dayOf(toText);
  if (validTo === null && !OPEN_END.includes(toText)) problems.push('截止日期格式不正确，应如 2026-12-31，不设截止请留空');
  const capText = numberText(cell(H.cap));
  const capQty = OPEN_END.includes(capText) ? null : isWhole(capText) ? Number(capText) : NaN;
  if (Number.isNaN(capQty)) problems.push('限购数量必须是正整数，不限请留空');
  if (problems.length || !kind || !tiers || !validFrom) return problems;
  const checked = contractPriceUpdateInput.safeParse({ id: ruleId ?? 1, kind, value, tiers, validFrom, validTo, capQty, remark: cell(H.remark) });
  if (!checked.success) return [...new Set(checked.error.issues.map((i) => i.message))];
  const group = GROUP_PREFIX.test(targetText) ? targetText.replace(GROUP_PREFIX, '').trim() : null;
  return { row, ruleId, skuCode, target: group !== null ? { group } : { company: targetText }, values: ruleValues(checked.data) };
}

/** The sheet 协议价 (else the first): parsed rows and the problems of the others, by sheet row. */
async function readPriceList(body: Buffer): Promise<{ rows: ParsedRow[]; errors: Map<number, string[]> }> {
  const sheet = await readSheet(body, {
    sheet: CONTRACT_PRICE_SHEET,
    maxRows: CONTRACT_PRICE_IMPORT_MAX + 1,
    maxCols: 30,
    maxChars: 2_000_000,
  });
  const errors = new Map<number, string[]>();
  const header = sheet.rows[0];
  const columns = new Map((header?.row === 1 ? header.cells : []).map((h, i) => [h.trim(), i] as const));
  const missing = REQUIRED.filter((h) => !columns.has(h));
  if (!sheet.found || missing.length) {
    errors.set(1, [`表头缺少：${missing.join('、') || REQUIRED.join('、')}，请使用下载的模板或导出的文件`]);
    return { rows: [], errors };
  }
  const data = sheet.rows.slice(1);
  if (!data.length) errors.set(1, ['文件中没有协议价数据']);
  if (sheet.more || data.length > CONTRACT_PRICE_IMPORT_MAX)
    errors.set(1, [`每个文件最多${CONTRACT_PRICE_IMPORT_MAX}行，请分成多个文件上传`]);
  if (errors.size) return { rows: [], errors };
  const rows: ParsedRow[] = [];
  const seenIds = new Map<number, number>();
  for (const r of data) {
    const cell = (h: string) => {
      const i = columns.get(h);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const parsed = parseRow(cell, r.row);
    if (Array.isArray(parsed)) {
      errors.set(r.row, parsed);
      continue;
    }
    if (parsed.ruleId !== null) {
      const first = seenIds.get(parsed.ruleId);
      if (first) {
        errors.set(r.row, [`规则编号${parsed.ruleId}在第${first}行已出现`]);
        continue;
      }
      seenIds.set(parsed.ruleId, r.row);
    }
    rows.push(parsed);
  }
  return { rows, errors };
}

/** Thrown inside the transaction to roll every written row back when any row was refused. */
class RowsRefused extends Error {}

const sameValues = (a: ReturnType<typeof ruleValues>, b: typeof contractPrices.$inferSelect) =>
  a.kind === b.kind &&
  a.value === b.value &&
  JSON.stringify(a.tiers) === JSON.stringify(b.tiers) &&
  a.validFrom === b.validFrom &&
  a.validTo === b.validTo &&
  a.capQty === b.capQty &&
  a.remark === b.remark;

/** Checks and writes an uploaded price list of the caller supplier: all rows, or none. */
export async function importPriceList(db: Db, caller: Caller, body: Buffer, now = new Date()): Promise<ContractPriceImportResult> {
  const day = chinaDay(now);
  const read = await readPriceList(body);
  const errors = read.errors;
  const refuse = (row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);
  const counts = { created: 0, updated: 0, unchanged: 0 };
  try {
    await inTransaction(db, async (t) => {
      await lockSupplierRules(t, caller.companyId);
      const { rows } = read;
      const companyNames = [...new Set(rows.flatMap((r) => ('company' in r.target ? [r.target.company] : [])))];
      const groupNames = [...new Set(rows.flatMap((r) => ('group' in r.target ? [r.target.group] : [])))];
      const codes = [...new Set(rows.map((r) => r.skuCode.toLowerCase()))];
      const ruleIds = rows.flatMap((r) => (r.ruleId === null ? [] : [r.ruleId]));
      // One connection inside the transaction: the reads one after another.
      const buyers = companyNames.length
        ? await t
            .select({ id: companies.id, name: companies.name })
            .from(companies)
            .where(and(eq(companies.type, CompanyType.PURCHASER), inArray(companies.name, companyNames)))
        : [];
      const groups = groupNames.length
        ? await t
            .select({ id: customerGroups.id, name: customerGroups.name })
            .from(customerGroups)
            .where(and(eq(customerGroups.supplierCompanyId, caller.companyId), inArray(customerGroups.name, groupNames)))
        : [];
      const skus = codes.length
        ? await t
            .select({ id: productSkus.id, code: productSkus.code })
            .from(productSkus)
            .where(and(eq(productSkus.companyId, caller.companyId), inArray(sql`lower(${productSkus.code})`, codes)))
        : [];
      const rules = ruleIds.length
        ? await t
            .select()
            .from(contractPrices)
            .where(and(eq(contractPrices.supplierCompanyId, caller.companyId), inArray(contractPrices.id, ruleIds)))
            .orderBy(contractPrices.id)
            .for('update')
        : [];
      const buyersByName = new Map<string, number[]>();
      for (const b of buyers) buyersByName.set(b.name, [...(buyersByName.get(b.name) ?? []), b.id]);
      const groupByName = new Map(groups.map((g) => [g.name, g.id]));
      // The code as written first, else the one that differs only in case.
      const skuExact = new Map(skus.map((s) => [s.code, s]));
      const skuLower = new Map(skus.map((s) => [s.code.toLowerCase(), s]));
      const ruleById = new Map(rules.map((r) => [r.id, r]));

      for (const r of rows) {
        let target: { purchaserCompanyId: number | null; groupId: number | null } | null = null;
        if ('company' in r.target) {
          const ids = buyersByName.get(r.target.company) ?? [];
          if (ids.length === 1) target = { purchaserCompanyId: ids[0]!, groupId: null };
          else refuse(r.row, ids.length ? `有多家名为“${r.target.company}”的采购商，请联系平台` : `采购商“${r.target.company}”不存在，请填写企业全称`);
        } else {
          const id = groupByName.get(r.target.group);
          if (id) target = { purchaserCompanyId: null, groupId: id };
          else refuse(r.row, `客户分组“${r.target.group}”不存在，请先在客户分组页建立`);
        }
        const sku = skuExact.get(r.skuCode) ?? skuLower.get(r.skuCode.toLowerCase());
        if (!sku) refuse(r.row, `SKU编码“${r.skuCode}”不是本公司的商品`);
        if (!target || !sku) continue;
        try {
          if (r.ruleId === null) {
            if (r.values.validTo && r.values.validTo < day) throw fail('CONTRACT_PRICE_END_PAST');
            await insertRule(t, caller, { ...target, skuId: sku.id, ...r.values }, sku.code);
            counts.created++;
            continue;
          }
          const before = ruleById.get(r.ruleId);
          if (!before) {
            refuse(r.row, `规则编号${r.ruleId}不存在（新增请清空规则编号）`);
            continue;
          }
          if (before.skuId !== sku.id || before.purchaserCompanyId !== target.purchaserCompanyId || before.groupId !== target.groupId) {
            refuse(r.row, `规则${r.ruleId}的采购商和SKU不能修改；如需新的协议价，请清空规则编号`);
            continue;
          }
          if (sameValues(r.values, before)) {
            counts.unchanged++;
            continue;
          }
          if (r.values.validTo && r.values.validTo < day) throw fail('CONTRACT_PRICE_END_PAST');
          await applyEdit(t, caller, before, r.values, sku.code, now);
          counts.updated++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refuse(r.row, err.message);
        }
      }
      if (errors.size) throw new RowsRefused();
    });
  } catch (err) {
    if (!(err instanceof RowsRefused)) throw err;
  }
  if (errors.size)
    return {
      imported: false,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [...errors].sort(([a], [b]) => a - b).flatMap(([row, messages]) => messages.map((message) => ({ row, message }))),
    };
  if (counts.created || counts.updated) forgetMyPrices({ supplierIds: [caller.companyId] });
  return { imported: true, ...counts, errors: [] };
}
