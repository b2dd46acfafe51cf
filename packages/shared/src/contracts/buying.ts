import { z } from 'zod';
import { recordId } from '../envelope.ts';
import type { RefusalData } from '../errors.ts';
import { AddressKind } from '../enums.ts';
import { phoneField } from './identity.ts';
import { PRICE_SOURCES } from './pricing.ts';

/** Buying (issue 12): delivery addresses, saved invoice titles, the cart and the checkout. */

export const MAX_ADDRESSES = 20;
/** Saved invoice titles (发票抬头) a company may keep. */
export const MAX_INVOICE_TITLES = 20;
export const MAX_CART_LINES = 100;
export const MAX_QUANTITY = 999_999;
/** The refusal of a checkout to a purchaser's user without purchase:manage (server guard and checkout page). */
export const PURCHASE_REFUSAL = '您没有采购下单权限，请联系企业管理员';

const areaCode = z
  .number('请选择所在地区')
  .int('请选择所在地区')
  .min(100000, '请选择所在地区')
  .max(999999, '请选择所在地区');

/** The address form: the area is the cascader's codes (province, city[, district]). */
export const addressInput = z.object({
  receiver: z.string('请输入收货人').trim().min(2, '收货人至少2个字').max(30, '收货人最多30个字'),
  phone: phoneField,
  area: z.array(areaCode, '请选择所在地区').min(2, '请选择所在地区').max(3, '请选择所在地区'),
  detail: z.string('请输入详细地址').trim().min(5, '详细地址至少5个字').max(200, '详细地址最多200个字'),
  isDefault: z.boolean().default(false),
  /** AddressKind: 1 收货 (delivery, the default), 2 发货 (shipping-from), 3 退货 (return); one default per kind. */
  kind: z
    .number('地址类型不正确')
    .int('地址类型不正确')
    .refine((v) => (Object.values(AddressKind) as number[]).includes(v), '地址类型不正确')
    .default(AddressKind.DELIVERY),
});
export type AddressInput = z.input<typeof addressInput>;
export const addressUpdateInput = z.object({ sysNo: recordId, address: addressInput });

export const addressRow = z.object({
  sysNo: z.number().int(),
  receiver: z.string(),
  phone: z.string(),
  area: z.array(z.number().int()),
  areaName: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
  kind: z.number().int(),
});
export type AddressRow = z.infer<typeof addressRow>;

/** 发票抬头 fields (form rules); `invoiceTitleInput` adds: a 专用 title needs the registered details. */
export const invoiceTitleFields = z.object({
  kind: z.union([z.literal(1), z.literal(2)], '请选择发票类型'),
  title: z.string('请输入发票抬头').trim().min(2, '发票抬头至少2个字').max(100, '发票抬头最多100个字'),
  taxNo: z
    .string('请输入纳税人识别号')
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{18}$/, '纳税人识别号为18位统一社会信用代码'),
  regAddress: z.string().trim().max(200, '注册地址最多200个字').default(''),
  regPhone: z
    .string()
    .trim()
    .max(30, '注册电话最多30个字')
    .regex(/^$|^[0-9+\-() ]{7,30}$/, '请输入正确的注册电话')
    .default(''),
  bankName: z.string().trim().max(100, '开户银行最多100个字').default(''),
  bankAccount: z
    .string()
    .trim()
    .max(40, '银行账号最多40位')
    .regex(/^$|^[0-9 -]{6,40}$/, '请输入正确的银行账号')
    .default(''),
  isDefault: z.boolean().default(false),
});
export const SPECIAL_INVOICE_FIELDS = [
  ['regAddress', '请输入注册地址'],
  ['regPhone', '请输入注册电话'],
  ['bankName', '请输入开户银行'],
  ['bankAccount', '请输入银行账号'],
] as const;
export const invoiceTitleInput = invoiceTitleFields.superRefine((v, ctx) => {
  if (v.kind !== 2) return;
  for (const [field, message] of SPECIAL_INVOICE_FIELDS)
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
});
export type InvoiceTitleInput = z.input<typeof invoiceTitleInput>;
export const invoiceTitleUpdateInput = z.object({ sysNo: recordId, title: invoiceTitleInput });
export const invoiceTitleRow = z.object({
  sysNo: z.number().int(),
  kind: z.number().int(),
  title: z.string(),
  taxNo: z.string(),
  regAddress: z.string(),
  regPhone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  isDefault: z.boolean(),
});
export type InvoiceTitleRow = z.infer<typeof invoiceTitleRow>;

const quantity = z
  .number('请输入购买数量')
  .int('购买数量必须是整数')
  .min(1, '购买数量至少为1')
  .max(MAX_QUANTITY, `购买数量最多${MAX_QUANTITY}`);

export const cartAddInput = z.object({ skuId: recordId, quantity });
export const cartQuantityInput = z.object({ sysNo: recordId, quantity });
export const cartIdsInput = z.object({
  sysNos: z.array(recordId).min(1, '请选择商品').max(MAX_CART_LINES, `一次最多${MAX_CART_LINES}条`),
});
export const cartSelectInput = z.object({
  sysNos: z.array(recordId).max(MAX_CART_LINES),
  selected: z.boolean(),
});

/** Why a cart line cannot be bought now ('' when it can). */
export const CART_PROBLEM = { OFF_SALE: '商品已下架', SKU_GONE: '规格已失效', SOLD_OUT: '已售罄' } as const;

export const cartLineRow = z.object({
  sysNo: z.number().int(),
  productId: z.number().int(),
  skuId: z.number().int(),
  productName: z.string(),
  spec: z.string(),
  image: z.string(),
  unit: z.string(),
  minOrder: z.number().int(),
  quantity: z.number().int(),
  available: z.number().int(),
  /** The unit price now (tier for the quantity) and when the line was added or its quantity changed. */
  unitPrice: z.number(),
  priceAtAdd: z.number(),
  priceChanged: z.boolean(),
  /** The SKU's list price, and where `unitPrice` came from with its label (协议价), docs/product/prices.md. */
  listPrice: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  priceLabel: z.string(),
  amount: z.number(),
  /** 失效: off sale, SKU gone or sold out (cannot be selected). */
  problem: z.string(),
  /** Wants more than is available (can be selected; checkout names it). */
  short: z.boolean(),
  selected: z.boolean(),
});
export type CartLineRow = z.infer<typeof cartLineRow>;
export const cartShop = z.object({
  sellerCompanyId: z.number().int(),
  shopName: z.string(),
  lines: z.array(cartLineRow),
});
export const cartView = z.object({
  shops: z.array(cartShop),
  lineCount: z.number().int(),
  selectedCount: z.number().int(),
  selectedAmount: z.number(),
});
export type CartView = z.infer<typeof cartView>;
export const cartCount = z.object({ count: z.number().int() });

/** What a checkout buys: cart lines (by id), or lines given directly (立即购买, the cart is not touched). */
export const checkoutSource = z
  .object({
    cartLineIds: z.array(recordId).max(MAX_CART_LINES).default([]),
    items: z
      .array(z.object({ skuId: recordId, quantity }))
      .max(20)
      .default([]),
  })
  .refine((v) => v.cartLineIds.length + v.items.length > 0, {
    message: '请选择要购买的商品',
    path: ['cartLineIds'],
  })
  .refine((v) => !(v.cartLineIds.length && v.items.length), {
    message: '购物车商品与立即购买不能同时提交',
    path: ['items'],
  });
export type CheckoutSource = z.input<typeof checkoutSource>;

export const checkoutLine = z.object({
  cartLineId: z.number().int().nullable(),
  skuId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  spec: z.string(),
  image: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  available: z.number().int(),
  unitPrice: z.number(),
  /** The price the cart showed when the line was added (null for 立即购买). */
  priceAtAdd: z.number().nullable(),
  /** The SKU's list price, and where `unitPrice` came from with its label (协议价), docs/product/prices.md. */
  listPrice: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  priceLabel: z.string(),
  amount: z.number(),
  /** Why it cannot be bought ('' when it can): off sale, gone, short, below the minimum. */
  problem: z.string(),
});
export type CheckoutLine = z.infer<typeof checkoutLine>;
export const checkoutGroup = z.object({
  sellerCompanyId: z.number().int(),
  shopName: z.string(),
  lines: z.array(checkoutLine),
  goodsAmount: z.number(),
});
export type CheckoutGroup = z.infer<typeof checkoutGroup>;
export const checkoutPreview = z.object({ groups: z.array(checkoutGroup), totalAmount: z.number() });
export type CheckoutPreview = z.infer<typeof checkoutPreview>;

/**
 * The purchaser's own references on an order (docs/product/orders.md#po-numbers): 采购单号 (its purchase order or
 * internal number: letters, digits and - _ / . #) and 成本中心 (also Chinese characters and spaces), at most 40 each.
 */
export const PO_REF_MAX = 40;
export const poNumberField = z
  .string('采购单号格式不正确')
  .trim()
  .max(PO_REF_MAX, `采购单号最多${PO_REF_MAX}个字符`)
  .regex(/^[A-Za-z0-9\-_/.#]*$/, '采购单号只能包含字母、数字和 - _ / . #')
  .default('');
export const costCentreField = z
  .string('成本中心格式不正确')
  .trim()
  .max(PO_REF_MAX, `成本中心最多${PO_REF_MAX}个字符`)
  .regex(/^[\p{Script=Han}A-Za-z0-9\-_/. ]*$/u, '成本中心只能包含汉字、字母、数字、空格和 - _ / .')
  .default('');
/** A supplier group's own references, replacing the submission's for that group's order (empty: the submission's). */
export const checkoutGroupRefs = z.object({
  sellerCompanyId: recordId,
  poNumber: poNumberField,
  costCentre: costCentreField,
});

export const checkoutSubmitInput = z.object({
  source: checkoutSource,
  addressId: z
    .number('请选择收货地址')
    .int('请选择收货地址')
    .positive('请选择收货地址')
    .max(2_147_483_647, '请选择收货地址'),
  invoiceKind: z.union([z.literal(0), z.literal(1), z.literal(2)], '请选择发票类型'),
  invoiceTitleId: recordId.nullable().default(null),
  remarks: z
    .array(z.object({ sellerCompanyId: recordId, remark: z.string().trim().max(300, '备注最多300个字') }))
    .max(50)
    .default([]),
  /** The total the page showed (yuan): when the prices now give another total the server answers 价格已变动. */
  shownTotal: z.number().min(0).max(1e12),
  /** 采购单号 / 成本中心 for every order of the submission, unless its supplier group gives its own in `refs`. */
  poNumber: poNumberField,
  costCentre: costCentreField,
  refs: z.array(checkoutGroupRefs).max(50).default([]),
});
export type CheckoutSubmitInput = z.input<typeof checkoutSubmitInput>;

/** The header every checkout submit carries: a UUID made when the page opens, kept for retries. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z.uuid('请求缺少有效的 Idempotency-Key，请刷新页面后重试'),
});

export const checkoutResult = z.object({
  checkoutId: z.string(),
  totalAmount: z.number(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      orderNo: z.string(),
      sellerCompanyId: z.number().int(),
      shopName: z.string(),
      totalAmount: z.number(),
    }),
  ),
  /** Set when an approval rule caught the checkout: no order yet, a purchase request (docs/product/approvals.md). */
  purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).optional(),
});
export type CheckoutResult = z.infer<typeof checkoutResult>;

/**
 * Refusals of a checkout the page acts on (declared on `checkoutSubmit`): a line that cannot be ordered (short,
 * off sale; its SKU and cart line named), or the total moved since the page showed it (the new totals).
 */
export const checkoutRefusals = {
  CHECKOUT_LINE_REFUSED: z.object({ skuId: z.number().int().nullable(), cartLineId: z.number().int().nullable() }),
  CHECKOUT_PRICE_CHANGED: z.object({
    priceChanged: z.literal(true),
    totalAmount: z.number(),
    groups: z.array(z.object({ sellerCompanyId: z.number().int(), totalAmount: z.number() })),
  }),
};
export type CheckoutRefusal = RefusalData<typeof checkoutRefusals>;

/**
 * 再次购买 and 快速下单 (docs/product/orders.md#reorder-and-quick-order): lines resolved against the catalogue now
 * (product, spec, today's price, stock, minimum order) and added to the cart, each explained when it cannot be
 * bought as asked.
 */
export const MAX_QUICK_LINES = 100;
export const quickOrderLine = z.object({
  /** The line's number in what the user pasted or uploaded (1-based), to point back at it. */
  row: z.number().int().min(1).max(100_000),
  code: z.string('请输入商品编码').trim().min(1, '请输入商品编码').max(40, '商品编码最多40个字符'),
  quantity,
});
export const quickOrderInput = z.object({
  lines: z
    .array(quickOrderLine)
    .min(1, '请输入至少一行“SKU编码 数量”')
    .max(MAX_QUICK_LINES, `一次最多${MAX_QUICK_LINES}行`),
});
export type QuickOrderInput = z.input<typeof quickOrderInput>;
/** 快速下单's add: the SKUs the resolve answered, with the quantities shown. */
export const quickOrderAddInput = z.object({
  lines: z
    .array(z.object({ row: z.number().int().min(1).max(100_000), skuId: recordId, quantity }))
    .min(1, '没有可加入购物车的商品')
    .max(MAX_QUICK_LINES, `一次最多${MAX_QUICK_LINES}行`),
});
export const reorderInput = z.object({ orderId: recordId });

export const resolvedLine = z.object({
  row: z.number().int(),
  code: z.string(),
  skuId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  spec: z.string(),
  unit: z.string(),
  shopName: z.string(),
  /** Today's unit price for `quantity` (the cart's price), null when the line is not found. */
  unitPrice: z.number().nullable(),
  /** The price last paid (再次购买), to say up or down. */
  previousPrice: z.number().nullable(),
  available: z.number().int(),
  minOrder: z.number().int(),
  /** Asked for, and what is (or would be) put in the cart: 0 when the line cannot be bought. */
  wanted: z.number().int(),
  quantity: z.number().int(),
  ok: z.boolean(),
  /** What changed or why not, in words (低于起订量，已调整为 5吨 · 价格上涨 …; 编码不存在, 已下架 …). */
  notes: z.array(z.string()),
});
export type ResolvedLine = z.infer<typeof resolvedLine>;
export const resolvedLines = z.object({ lines: z.array(resolvedLine) });
export const cartAddManyResult = z.object({
  /** Lines put into the cart. */
  added: z.number().int(),
  lines: z.array(resolvedLine),
});
export type CartAddManyResult = z.infer<typeof cartAddManyResult>;
