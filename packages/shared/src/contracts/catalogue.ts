import { z } from 'zod';
import { moneyInput } from '../money.ts';
import { UPLOAD_MAX_IMAGES } from '../constants.ts';
import { pageQuery, recordId } from '../envelope.ts';

/**
 * The supplier catalogue (issue 11): products with SKUs and price tiers, review, stock, adjustments and the
 * platform's category attribute definitions.
 */

export const PRICE_MAX = 99_999_999;
export const QTY_MAX = 99_999_999;
export const SKU_MAX = 50;
export const TIER_MAX = 5;
export const ADJUSTMENT_LINES_MAX = 200;

const money = (label: string) =>
  moneyInput(label, { max: PRICE_MAX, positive: true, tooBig: `${label}不能超过${PRICE_MAX}` });
const qty = (label: string, min: number) =>
  z.number(`请输入${label}`).int(`${label}必须是整数`).min(min, `${label}不能小于${min}`).max(QTY_MAX, `${label}过大`);
const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);

export const specValue = z.object({
  name: z.string().trim().min(1, '请输入规格名称').max(20, '规格名称最多20个字'),
  value: z.string().trim().min(1, '请输入规格值').max(40, '规格值最多40个字'),
});
export type SpecValueInput = z.infer<typeof specValue>;

/** The editor's spec names (含量, 包装规格 …): each becomes the `name` of a SKU's spec values. */
export const SPEC_NAMES_MAX = 3;
export const specNamesField = z.array(specValue.shape.name).max(SPEC_NAMES_MAX, `规格项最多${SPEC_NAMES_MAX}个`);

/** A product parameter (执行标准: GB/T 22627): a name and its value. */
export const productAttribute = z.object({
  name: z.string().trim().min(1, '请输入参数名称').max(20, '参数名称最多20个字'),
  value: z.string().trim().min(1, '请输入参数值').max(100, '参数值最多100个字'),
});

export const priceTier = z.object({ minQty: qty('起订数量', 2), price: money('阶梯单价') });

/**
 * Quantity price tiers (阶梯价): from a quantity on, a unit price; quantities increase and prices fall, each
 * below the SKU's base price. Returns the message of the first broken rule, or null.
 */
export function tierProblem(basePrice: number, tiers: readonly { minQty: number; price: number }[]): string | null {
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i]!;
    const prev = i === 0 ? null : tiers[i - 1]!;
    if (prev && t.minQty <= prev.minQty) return '阶梯价的起订数量须逐级递增';
    if (t.price >= (prev ? prev.price : basePrice)) return '阶梯单价须逐级递减，且低于基础单价';
  }
  return null;
}

/** The unit price for a quantity: the last tier reached, otherwise the base price. */
export function tierPriceFor(basePrice: number, tiers: readonly { minQty: number; price: number }[], quantity: number): number {
  let price = basePrice;
  for (const t of tiers) if (quantity >= t.minQty) price = t.price;
  return price;
}

export const SKU_CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

export const skuInput = z
  .object({
    /** Present for an existing SKU of the product. */
    sysNo: recordId.optional(),
    code: z.string().trim().regex(SKU_CODE_RE, '规格编码为1-40位字母、数字、点、横线或下划线'),
    specValues: z.array(specValue).max(5, '每个规格最多5项规格值').default([]),
    price: money('单价'),
    priceTiers: z.array(priceTier).max(TIER_MAX, `阶梯价最多${TIER_MAX}档`).default([]),
    /** On hand: the opening stock of a new SKU; for an existing one a different figure is booked as 盘点. */
    stock: qty('库存', 0),
    lowStock: qty('预警库存', 0).default(0),
  })
  .superRefine((s, ctx) => {
    const problem = tierProblem(s.price, s.priceTiers);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['priceTiers'] });
  });
export type SkuInput = z.input<typeof skuInput>;

/** A product's SKUs (the editor checks the count on its rows with `skuList(z.unknown())`). */
export const skuList = <T extends z.ZodType>(sku: T) => z.array(sku).min(1, '请至少添加一个规格').max(SKU_MAX, `规格最多${SKU_MAX}个`);

/** The product editor's fields; `productInput` adds the cross-field rules. */
const productFields = z
  .object({
    categoryId: z.number({ error: '请选择三级分类' }).pipe(recordId),
    name: z.string().trim().min(2, '商品名称至少2个字').max(120, '商品名称最多120个字'),
    brand: text('品牌', 60).default(''),
    model: text('型号', 60).default(''),
    unit: z.string().trim().min(1, '请输入销售单位').max(10, '销售单位最多10个字'),
    minOrder: qty('最小起订量', 1).default(1),
    skus: skuList(skuInput),
    attributes: z.array(productAttribute).max(40, '参数最多40项').default([]),
    images: z
      .array(z.string().trim().min(1).max(300))
      .min(1, '请至少上传一张商品图片')
      .max(UPLOAD_MAX_IMAGES, `最多允许${UPLOAD_MAX_IMAGES}张`),
    description: z.string().max(50_000, '商品详情过长').default(''),
    leadTimeDays: z.number('请输入交货期').int('交货期必须是整数').min(0, '交货期不能为负').max(365, '交货期最多365天').default(0),
    originProvinceCode: recordId.nullable().default(null),
    originCityCode: recordId.nullable().default(null),
    isPovertyRelief: z.boolean().default(false),
  });

/** Rules across fields: SKU codes, spec combinations and attribute names are unique within the product. */
function productRules(p: z.output<typeof productFields>, ctx: z.RefinementCtx) {
  const codes = p.skus.map((s) => s.code.toLowerCase());
  if (new Set(codes).size !== codes.length) ctx.addIssue({ code: 'custom', message: '规格编码不能重复', path: ['skus'] });
  const specs = p.skus.map((s) => s.specValues.map((v) => `${v.name}=${v.value}`).join('|'));
  if (new Set(specs).size !== specs.length) ctx.addIssue({ code: 'custom', message: '规格值组合不能重复', path: ['skus'] });
  const names = p.attributes.map((a) => a.name);
  if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', message: '参数名称不能重复', path: ['attributes'] });
}

export const productInput = productFields.superRefine(productRules);
/**
 * One product of an Excel import: the editor's rules, except that images may be added later in the editor
 * (a spreadsheet cannot carry uploads; submitting for review still needs one).
 */
export const productImportInput = productFields
  .extend({ images: z.array(z.string().trim().min(1).max(300)).max(UPLOAD_MAX_IMAGES, `最多允许${UPLOAD_MAX_IMAGES}张`).default([]) })
  .superRefine(productRules);
export type ProductImportParsed = z.output<typeof productImportInput>;
export type ProductInput = z.input<typeof productInput>;
export type ProductInputParsed = z.output<typeof productInput>;
export const productUpdateInput = z.object({ sysNo: recordId, product: productInput });

const flag = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional());

export const productListQuery = pageQuery.extend({
  name: z.string().trim().max(60, '商品名称最多60个字').optional(),
  /** A SKU code (exact or prefix). */
  code: z.string().trim().max(40, '编码最多40个字').optional(),
  categoryCode: z.string().trim().regex(/^\d{0,20}$/, '分类编码格式不正确').optional(),
  status: z.number().int().min(0).max(4).optional(),
  /** 1 on sale, 0 not on sale. */
  onSale: flag,
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const idsInput = z.object({
  ids: z.array(recordId).min(1, '请选择商品').max(100, '一次最多100件'),
});
export const shelfInput = idsInput.extend({ onSale: z.boolean() });

export const productRow = z.object({
  sysNo: z.number().int(),
  name: z.string(),
  brand: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  status: z.number().int(),
  unit: z.string(),
  minOrder: z.number().int(),
  price: z.number(),
  /** Available stock, summed over the SKUs. */
  stock: z.number().int(),
  skuCount: z.number().int(),
  skuCodes: z.array(z.string()),
  defaultImage: z.string(),
  /** An edit waits for review while the approved version stays on sale. */
  pendingRevision: z.boolean(),
  rejectReason: z.string().nullable(),
  takenDownReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProductRow = z.infer<typeof productRow>;
/** The company's product list: counts stop at PRODUCT_COUNT_CAP (`totalCapped`, shown as 10000+). */
export const productListAnswer = z.object({ list: z.array(productRow), total: z.number().int(), totalCapped: z.boolean() });
export type ProductListAnswer = z.infer<typeof productListAnswer>;
/** The product list counts at most this many products (a supplier may own 70,000 of a million). */
export const PRODUCT_COUNT_CAP = 10_000;

export const skuView = z.object({
  sysNo: z.number().int(),
  code: z.string(),
  specValues: z.array(z.object({ name: z.string(), value: z.string() })),
  price: z.number(),
  priceTiers: z.array(z.object({ minQty: z.number().int(), price: z.number() })),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  lowStock: z.number().int(),
});
export type SkuView = z.infer<typeof skuView>;

export const productContentView = z.object({
  categoryId: z.number().int(),
  categoryCode: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  unit: z.string(),
  minOrder: z.number().int(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  images: z.array(z.string()),
  description: z.string(),
  leadTimeDays: z.number().int(),
  originProvinceCode: z.number().int().nullable(),
  originCityCode: z.number().int().nullable(),
  originName: z.string(),
  isPovertyRelief: z.boolean(),
});
export type ProductContentView = z.infer<typeof productContentView>;

export const productDetail = z.object({
  sysNo: z.number().int(),
  status: z.number().int(),
  /** What the supplier edits: the pending revision's content when there is one, else the product's. */
  content: productContentView,
  categoryPath: z.array(z.object({ sysNo: z.number().int(), name: z.string(), categoryCode: z.string() })),
  skus: z.array(skuView),
  pendingRevision: z.boolean(),
  rejectReason: z.string().nullable(),
  takenDownReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const shelfResult = z.object({ changed: z.number().int(), skipped: z.number().int() });

// ---- Category attributes (platform-defined, inherited by the subtree) ----

export const attributeDef = z.object({
  sysNo: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: z.string(),
  type: z.number().int(),
  options: z.array(z.string()),
  unit: z.string(),
  required: z.boolean(),
  sort: z.number().int(),
});
export type AttributeDef = z.infer<typeof attributeDef>;
export const attributeQuery = z.object({ categoryId: z.coerce.number('分类编号格式不正确').int().positive().max(2_147_483_647) });

export const attributeInput = z
  .object({
    sysNo: recordId.optional(),
    categoryId: recordId,
    name: z.string().trim().min(1, '请输入参数名称').max(30, '参数名称最多30个字'),
    type: z.number().int().min(1, '参数类型不正确').max(3, '参数类型不正确'),
    options: z.array(z.string().trim().min(1, '选项不能为空').max(40, '选项最多40个字')).max(50, '选项最多50个').default([]),
    unit: text('单位', 10).default(''),
    required: z.boolean().default(false),
    sort: z.number().int().min(-9999).max(9999).default(0),
  })
  .refine((a) => a.type !== 3 || a.options.length >= 2, { message: '单选参数至少需要两个选项', path: ['options'] });
export type AttributeInput = z.input<typeof attributeInput>;

/** Checks a product's attribute values against the definitions; returns the first problem, or null. */
export function attributeProblem(defs: readonly AttributeDef[], values: readonly { name: string; value: string }[]): string | null {
  for (const d of defs) {
    const v = values.find((x) => x.name === d.name)?.value.trim() ?? '';
    if (!v) {
      if (d.required) return `请填写参数「${d.name}」`;
      continue;
    }
    if (d.type === 2 && !/^-?\d+(\.\d+)?$/.test(v)) return `参数「${d.name}」须为数字`;
    if (d.type === 3 && !d.options.includes(v)) return `参数「${d.name}」须从选项中选择`;
  }
  return null;
}

// ---- Review (console) ----

export const productReviewListQuery = pageQuery.extend({
  /** 1 待审核 (default), 2 已通过, 4 已驳回. */
  status: z.union([z.literal(1), z.literal(2), z.literal(4)]).default(1),
  keyword: z.string().trim().max(60).optional(),
});
export const productReviewRow = z.object({
  sysNo: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  isEdit: z.boolean(),
  status: z.number().int(),
  defaultImage: z.string(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProductReviewRow = z.infer<typeof productReviewRow>;
export const productReviewDetail = productReviewRow.extend({
  content: productContentView,
  /** The approved content on sale now (for an edit), to compare. */
  current: productContentView.nullable(),
  categoryPath: z.array(z.object({ sysNo: z.number().int(), name: z.string(), categoryCode: z.string() })),
  skus: z.array(skuView),
});
export type ProductReviewDetail = z.infer<typeof productReviewDetail>;
export const productReviewIdInput = z.object({ id: recordId });
export const productReviewRejectInput = productReviewIdInput.extend({
  reason: z.string().trim().min(2, '请填写驳回原因').max(200, '驳回原因最多200个字'),
});

// ---- Stock ----

export const stockListQuery = pageQuery.extend({
  keyword: z.string().trim().max(60).optional(),
  /** 1: only SKUs at or below their low-stock threshold. */
  lowOnly: flag,
  productId: recordId.optional(),
});
export const stockRow = z.object({
  skuId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productStatus: z.number().int(),
  code: z.string(),
  spec: z.string(),
  unit: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** Defective returned goods held apart (不良品): not sellable, not in on hand. */
  held: z.number().int(),
  lowStock: z.number().int(),
  isLow: z.boolean(),
});
export type StockRow = z.infer<typeof stockRow>;
export const lowStockInput = z.object({ skuId: recordId, lowStock: qty('预警库存', 0) });

export const ledgerQuery = pageQuery.extend({ skuId: recordId });
export const ledgerRow = z.object({
  sysNo: z.number().int(),
  reason: z.number().int(),
  quantity: z.number().int(),
  onHandChange: z.number().int(),
  reservedChange: z.number().int(),
  onHandBefore: z.number().int(),
  onHandAfter: z.number().int(),
  reservedBefore: z.number().int(),
  reservedAfter: z.number().int(),
  /** Held (不良品) change and figure after it. */
  heldChange: z.number().int(),
  heldAfter: z.number().int(),
  docType: z.string(),
  docId: z.number().int().nullable(),
  docNo: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

// ---- Adjustments ----

export const adjustmentLineInput = z.object({ skuId: recordId, quantity: qty('数量', 0) });
export const adjustmentInput = z
  .object({
    type: z.number('请选择单据类型').int().min(1, '单据类型不正确').max(3, '单据类型不正确'),
    remark: text('备注', 200).default(''),
    lines: z.array(adjustmentLineInput).min(1, '请至少添加一行').max(ADJUSTMENT_LINES_MAX, `最多${ADJUSTMENT_LINES_MAX}行`),
  })
  .superRefine((a, ctx) => {
    const ids = a.lines.map((l) => l.skuId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: '同一规格只能出现一次', path: ['lines'] });
    if (a.type !== 3 && a.lines.some((l) => l.quantity < 1)) ctx.addIssue({ code: 'custom', message: '入库、出库数量须大于0', path: ['lines'] });
  });
export type AdjustmentInput = z.input<typeof adjustmentInput>;
export const adjustmentUpdateInput = z.object({ sysNo: recordId, adjustment: adjustmentInput });

export const adjustmentListQuery = pageQuery.extend({
  type: z.number().int().min(1).max(3).optional(),
  status: z.number().int().min(0).max(1).optional(),
  docNo: z.string().trim().max(40).optional(),
});
export const adjustmentRow = z.object({
  sysNo: z.number().int(),
  docNo: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  createdByName: z.string(),
  confirmedByName: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRow>;
export const adjustmentLineView = z.object({
  sysNo: z.number().int(),
  skuId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  skuCode: z.string(),
  skuSpec: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  onHandBefore: z.number().int().nullable(),
  onHandAfter: z.number().int().nullable(),
});
export type AdjustmentLineView = z.infer<typeof adjustmentLineView>;
export const adjustmentDetail = adjustmentRow.extend({
  companyName: z.string(),
  lines: z.array(adjustmentLineView),
});
export type AdjustmentDetail = z.infer<typeof adjustmentDetail>;

/** "含量:30% / 包装:25kg袋" */
export const specText = (values: readonly { name: string; value: string }[]) =>
  values.map((v) => `${v.name}:${v.value}`).join(' / ');
