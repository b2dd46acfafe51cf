import { z } from 'zod';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { isWholeFen } from '../money.ts';
import { goodsQuery } from './mall.ts';
/**
 * Contract prices (协议价) and where a unit price comes from (docs/product/prices.md). The server decides the
 * price of every catalogue line with one resolver (apps/server/src/modules/pricing/resolve.ts); answers carry
 * the source and its label so the mall, the cart, the checkout and the order lines say 协议价 alike.
 */

/** Where a unit price came from, in resolution order: framework agreement > contract price > quantity tier > list. */
export const PRICE_SOURCES = ['agreement', 'contract', 'tier', 'list'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

/** The Chinese label of a price source ('' for the list price, which needs none). */
export const PRICE_SOURCE_LABEL: Record<PriceSourceName, string> = {
  agreement: '框架协议价',
  contract: '协议价',
  tier: '阶梯价',
  list: '',
};

/** The label an order line or a cart line shows for its stored source (null or unknown: none). */
export const priceSourceLabel = (source: string | null | undefined): string =>
  source && source in PRICE_SOURCE_LABEL ? PRICE_SOURCE_LABEL[source as PriceSourceName] : '';

/** True when the price is a negotiated one (agreement or contract): shown with the list price struck through. */
export const isNegotiatedPrice = (source: string | null | undefined): boolean =>
  source === 'agreement' || source === 'contract';

/** ContractPriceKind: a fixed unit price, or a discount percent off the list price. */
export const ContractPriceKind = { FIXED: 1, DISCOUNT: 2 } as const;
export type ContractPriceKindValue = (typeof ContractPriceKind)[keyof typeof ContractPriceKind];

// ---------------------------------------------------------------------------------------------------------------
// The supplier's contract price rules (协议价管理, /customer/price/index) and the purchaser's own prices overlaid
// on the public goods answers (docs/product/prices.md#contract-prices).

export const CONTRACT_PRICE_MAX = 9_999_999;
export const CONTRACT_PRICE_SKUS_MAX = 50;
export const CONTRACT_PRICE_TIERS_MAX = 10;
export const CONTRACT_PRICE_CAP_MAX = 99_999_999;
/** Products (or SKUs) whose negotiated prices one overlay call answers. */
export const MY_PRICES_MAX = 100;

const cpText = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const cpDay = (label: string) => z.string(`请选择${label}`).regex(/^\d{4}-\d{2}-\d{2}$/, `请选择${label}`);
const cpId = (label: string) =>
  z.number(`请选择${label}`).int(`${label}格式不正确`).positive(`请选择${label}`).max(2_147_483_647, `${label}格式不正确`);

/** A fixed price in yuan (> 0) or a discount percent (0.01–99.99), by the rule's kind. */
export const contractValueProblem = (kind: number, v: number, label: string): string | null => {
  if (!Number.isFinite(v)) return `请输入${label}`;
  if (!isWholeFen(v)) return `${label}最多两位小数`;
  if (kind === ContractPriceKind.FIXED) {
    if (v <= 0) return `${label}必须大于0`;
    if (v > CONTRACT_PRICE_MAX) return `${label}不能超过${CONTRACT_PRICE_MAX}元`;
  } else if (v < 0.01 || v > 99.99) return `${label}（折扣）须在0.01%到99.99%之间`;
  return null;
};

export const contractTierInput = z.object({
  minQty: z.number('请输入起订数量').int('起订数量必须是整数').min(2, '阶梯起订数量至少为2').max(CONTRACT_PRICE_CAP_MAX, '起订数量过大'),
  value: z.number('请输入阶梯价格'),
});

const contractRuleFields = z.object({
  kind: z.union([z.literal(ContractPriceKind.FIXED), z.literal(ContractPriceKind.DISCOUNT)], '请选择定价方式'),
  /** Fixed: the unit price in yuan; discount: the percent off the list price. */
  value: z.number('请输入协议价'),
  tiers: z.array(contractTierInput).max(CONTRACT_PRICE_TIERS_MAX, `阶梯最多${CONTRACT_PRICE_TIERS_MAX}档`).default([]),
  validFrom: cpDay('生效日期'),
  /** Empty or absent: open-ended. */
  validTo: cpDay('截止日期').nullish(),
  capQty: z
    .number('限购数量格式不正确')
    .int('限购数量必须是整数')
    .positive('限购数量必须大于0')
    .max(CONTRACT_PRICE_CAP_MAX, '限购数量过大')
    .nullish(),
  remark: cpText('备注', 200).default(''),
});

type RuleFields = z.output<typeof contractRuleFields>;
const ruleChecks = (r: RuleFields, ctx: z.RefinementCtx) => {
  const v = contractValueProblem(r.kind, r.value, '协议价');
  if (v) ctx.addIssue({ code: 'custom', path: ['value'], message: v });
  let last = 1;
  r.tiers.forEach((t, i) => {
    const m = contractValueProblem(r.kind, t.value, `第${i + 1}档价格`);
    if (m) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'value'], message: m });
    if (t.minQty <= last) ctx.addIssue({ code: 'custom', path: ['tiers', i, 'minQty'], message: '阶梯起订数量须逐档递增' });
    last = t.minQty;
  });
  if (r.validTo && r.validTo < r.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '截止日期不能早于生效日期' });
};

/** The supplier creates rules: one per SKU, for one purchaser company or one of its customer groups. */
export const contractPriceInput = contractRuleFields
  .extend({
    purchaserCompanyId: cpId('采购商').nullish(),
    groupId: cpId('客户分组').nullish(),
    skuIds: z
      .array(cpId('SKU'))
      .min(1, '请至少选择一个SKU')
      .max(CONTRACT_PRICE_SKUS_MAX, `一次最多${CONTRACT_PRICE_SKUS_MAX}个SKU`)
      .refine((ids) => new Set(ids).size === ids.length, '同一SKU只能选择一次'),
  })
  .superRefine((r, ctx) => {
    if (!r.purchaserCompanyId === !r.groupId)
      ctx.addIssue({ code: 'custom', path: ['purchaserCompanyId'], message: '请选择一家采购商或一个客户分组' });
    ruleChecks(r, ctx);
  });
export type ContractPriceInput = z.input<typeof contractPriceInput>;

/** The supplier edits one rule's price, tiers, validity, cap and remark (its purchaser and SKU stay). */
export const contractPriceUpdateInput = contractRuleFields.extend({ id: recordId }).superRefine(ruleChecks);
export type ContractPriceUpdateInput = z.input<typeof contractPriceUpdateInput>;

export const contractPriceIdInput = z.object({ id: recordId });

/** Validity filter of the list: in force today, starting later, ended (ended by hand or past its last day). */
export const CONTRACT_PRICE_STATES = ['active', 'upcoming', 'ended'] as const;
export type ContractPriceState = (typeof CONTRACT_PRICE_STATES)[number];
export const CONTRACT_PRICE_STATE_LABEL: Record<ContractPriceState, string> = {
  active: '生效中',
  upcoming: '未生效',
  ended: '已结束',
};

export const contractPriceListQuery = pageQuery.extend({
  /** Purchaser company or customer group name contains. */
  purchaser: cpText('采购商', 60).default(''),
  /** SKU code or product name contains. */
  sku: cpText('SKU', 60).default(''),
  state: z.enum(CONTRACT_PRICE_STATES, '有效状态不正确').optional(),
});
export type ContractPriceListQuery = z.input<typeof contractPriceListQuery>;

export const contractTierView = z.object({ minQty: z.number().int(), value: z.string() });
export const contractPriceRow = z.object({
  id: z.number().int(),
  purchaserCompanyId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  /** The purchaser company's name, or 客户分组：name. */
  targetName: z.string(),
  skuId: z.number().int(),
  skuCode: z.string(),
  productName: z.string(),
  spec: z.string(),
  unit: z.string(),
  /** The SKU's list price today (yuan). */
  listPrice: z.string(),
  kind: z.number().int(),
  /** Fixed: yuan; discount: percent off. */
  value: z.string(),
  /** The unit price of one piece at this rule today (yuan). */
  unitPrice: z.string(),
  tiers: z.array(contractTierView),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  capQty: z.number().int().nullable(),
  usedQty: z.number().int(),
  remainingQty: z.number().int().nullable(),
  enabled: z.boolean(),
  state: z.enum(CONTRACT_PRICE_STATES),
  remark: z.string(),
  /** True when an order bought at it: it can then only be ended, not deleted. */
  used: z.boolean(),
  updatedAt: wireTimestamp,
});
export type ContractPriceRow = z.infer<typeof contractPriceRow>;

/** A SKU of the supplier's catalogue for the rule form's picker. */
export const contractSkuQuery = z.object({ keyword: z.string('请输入SKU编码或商品名称').trim().min(1, '请输入SKU编码或商品名称').max(60, '关键词最多60个字') });
export const contractSkuOption = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  productName: z.string(),
  spec: z.string(),
  listPrice: z.string(),
});
export type ContractSkuOption = z.infer<typeof contractSkuOption>;

/**
 * The signed-in purchaser's negotiated prices for products (goods lists) or SKUs (goods page) on screen: by
 * product ids, or by `goods`, the very body of the goods list page's POST /api/product/query, so a list page
 * sends both calls at once instead of waiting for the list's ids (decision 0248). Both: the union.
 */
export const myPricesInput = z.object({
  productIds: z.array(recordId).max(MY_PRICES_MAX, `最多${MY_PRICES_MAX}个商品`).default([]),
  goods: goodsQuery.optional(),
});
export const myPrice = z.object({
  productId: z.number().int(),
  skuId: z.number().int(),
  /** The negotiated unit price of one piece (yuan). */
  price: z.string(),
  listPrice: z.string(),
  /** 协议价 or 框架协议价. */
  label: z.string(),
});
export type MyPrice = z.infer<typeof myPrice>;
export const myPricesAnswer = z.object({
  /** Per SKU of the products asked for (only SKUs with a negotiated price). */
  skus: z.array(myPrice),
});
export type MyPricesAnswer = z.infer<typeof myPricesAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Customer groups (客户分组): a supplier's named sets of purchaser companies, targets of contract prices.

export const CUSTOMER_GROUP_NAME_MAX = 40;
/** Purchaser companies added to a group in one request. */
export const CUSTOMER_GROUP_ADD_MAX = 50;

const groupName = z
  .string('请输入分组名称')
  .trim()
  .min(1, '请输入分组名称')
  .max(CUSTOMER_GROUP_NAME_MAX, `分组名称最多${CUSTOMER_GROUP_NAME_MAX}个字`);

export const customerGroupListQuery = pageQuery.extend({ keyword: cpText('分组名称', 40).default('') });
export const customerGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
  /** Contract price rules naming the group (any state). */
  ruleCount: z.number().int(),
  updatedAt: wireTimestamp,
});
export type CustomerGroupRow = z.infer<typeof customerGroupRow>;
export const customerGroupCreateInput = z.object({ name: groupName });
export const customerGroupRenameInput = z.object({ id: recordId, name: groupName });
export const customerGroupIdInput = z.object({ id: recordId });
export const customerGroupMembersQuery = pageQuery.extend({ id: z.coerce.number().int().positive('编号格式不正确').max(2_147_483_647) });
export const customerGroupMember = z.object({ companyId: z.number().int(), name: z.string() });
export type CustomerGroupMember = z.infer<typeof customerGroupMember>;
export const customerGroupMembersInput = z.object({
  id: recordId,
  companyIds: z
    .array(recordId)
    .min(1, '请至少选择一家采购商')
    .max(CUSTOMER_GROUP_ADD_MAX, `一次最多${CUSTOMER_GROUP_ADD_MAX}家`),
});

// ---------------------------------------------------------------------------------------------------------------
// Price lists in Excel: the template / the export, edited and uploaded (docs/product/prices.md#price-lists-in-excel).

/** The sheet read (else the first) and the rules one file may hold. */
export const CONTRACT_PRICE_SHEET = '协议价';
export const CONTRACT_PRICE_IMPORT_MAX = 2_000;
export const contractPriceImportError = z.object({ row: z.number().int(), message: z.string() });
export const contractPriceImportResult = z.object({
  /** True when the file was imported; false: nothing was written and `errors` says why, row by row. */
  imported: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(contractPriceImportError),
});
export type ContractPriceImportResult = z.infer<typeof contractPriceImportResult>;
