import { z } from 'zod';
import { SEARCH_KEYWORD_MAX } from '../constants.ts';
import { pageQuery, pagedOf } from '../envelope.ts';

/** Public mall contracts (docs/product/mall.md#mall-routes, docs/product/api-envelope.md#site-and-mall-calls). Inputs are zod schemas shared by the web and the server. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalNumber = <T extends z.ZodType<number, unknown>>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
const optionalId = optionalNumber(
  z.coerce.number().int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确'),
);
const optionalFlag = z.preprocess((v) => {
  if (v === '1' || v === 'true' || v === 1) return true;
  if (v === '0' || v === 'false' || v === 0 || v === '' || v === null) return undefined;
  return v;
}, z.boolean('标记格式不正确').optional());

/** A search keyword: trimmed, at most 40 characters (docs/product/interface.md#input-rules). */
export const searchKeyword = z
  .string('关键词格式不正确')
  .trim()
  .max(SEARCH_KEYWORD_MAX, `搜索关键词不能超过${SEARCH_KEYWORD_MAX}个字`)
  .optional();

export const idParam = z.object({
  id: z.coerce
    .number('编号格式不正确')
    .int('编号格式不正确')
    .positive('编号格式不正确')
    .max(2_147_483_647, '编号格式不正确'),
});

export const GOODS_SORTS = ['relevance', 'priceAsc', 'priceDesc', 'sales', 'newest'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];
export const GOODS_SORT_LABELS: Record<GoodsSort, string> = {
  relevance: '综合',
  sales: '销量',
  newest: '新品',
  priceAsc: '价格从低到高',
  priceDesc: '价格从高到低',
};

const price = optionalNumber(
  z.coerce.number('价格格式不正确').min(0, '价格不能为负数').max(1e11, '价格过大'),
);

/** POST /api/product/query — the goods list (goodsList, goodsSearch, shop search). */
export const goodsQuery = pageQuery
  .extend({
    productName: searchKeyword,
    categoryCode: z.preprocess(
      blankToUndefined,
      z
        .string('分类编码格式不正确')
        .trim()
        .regex(/^[0-9A-Za-z]{1,20}$/, '分类编码格式不正确')
        .optional(),
    ),
    priceMin: price,
    priceMax: price,
    companyId: optionalId,
    /** Origin province or city code. */
    areaCode: optionalId,
    povertyRelief: optionalFlag,
    sort: z.preprocess(blankToUndefined, z.enum(GOODS_SORTS, '排序方式不正确').default('relevance')),
  })
  .refine((q) => q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax, {
    message: '最低价不能高于最高价',
    path: ['priceMax'],
  });
export type GoodsQueryInput = z.input<typeof goodsQuery>;
export type GoodsQuery = z.output<typeof goodsQuery>;

const int = z.number().int();

/** A goods card (list rows, related goods, shop floors). */
export const goodsItem = z.object({
  id: int,
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  spec: z.string(),
  unit: z.string(),
  price: z.number(),
  defaultImage: z.string(),
  categoryCode: z.string(),
  companyId: int,
  shopName: z.string(),
  salesCount: int,
  stock: z.number(),
  minOrder: z.number(),
  isPovertyRelief: z.boolean(),
  originName: z.string(),
  createdAt: z.string(),
});
export type GoodsItem = z.infer<typeof goodsItem>;

/** Counts stop at this many; `totalCapped` says the real number is larger (docs/decisions/0060). */
export const GOODS_COUNT_CAP = 10_000;

export const goodsFacet = z.object({ categoryCode: z.string(), name: z.string(), count: int });
export type GoodsFacet = z.infer<typeof goodsFacet>;

export const goodsPage = pagedOf(goodsItem).extend({
  totalCapped: z.boolean(),
  /** The normalized words searched (terms and their synonyms), for highlighting. */
  keywords: z.array(z.string()),
  /** For a keyword search without a category: the leaf categories of the matches, most first (≤ 12). */
  facets: z.array(goodsFacet),
  /**
   * The keyword has more than GOODS_COUNT_CAP matches: `facets` count the first GOODS_COUNT_CAP of them only
   * (docs/decisions/0061, 2026-11-24). Absent from older answers: read as false.
   */
  facetsCapped: z.boolean().optional(),
});
export type GoodsPage = z.infer<typeof goodsPage>;

export const shopCard = z.object({
  id: int,
  shopName: z.string(),
  companyName: z.string(),
  logo: z.string(),
  areaName: z.string(),
  shopType: int.nullable(),
  shopTypeName: z.string(),
  mainBusiness: z.string(),
  memberLevel: int,
  certified: z.boolean(),
  productCount: int,
  openedAt: z.string(),
});
export type ShopCard = z.infer<typeof shopCard>;

export const categoryCrumb = z.object({ name: z.string(), categoryCode: z.string() });
export type CategoryCrumb = z.infer<typeof categoryCrumb>;

/** A SKU as the goods detail offers it: spec, price, quantity tiers and available stock. */
export const goodsSku = z.object({
  sysNo: z.number().int(),
  code: z.string(),
  /** The spec values, e.g. "30% / 25kg袋". */
  spec: z.string(),
  price: z.number(),
  priceTiers: z.array(z.object({ minQty: z.number(), price: z.number() })),
  available: z.number().int(),
});
export type GoodsSku = z.infer<typeof goodsSku>;

export const goodsDetail = goodsItem.extend({
  /** The SKUs to choose from (at least one for products kept in the catalogue). */
  skus: z.array(goodsSku),
  /** Days from order to dispatch; 0 = not stated. */
  leadTimeDays: z.number().int(),
  images: z.array(z.string()),
  priceTiers: z.array(z.object({ minQty: z.number(), price: z.number() })),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Sanitised HTML. */
  description: z.string(),
  categoryPath: z.array(categoryCrumb),
  shop: shopCard,
  related: z.array(goodsItem),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

export const shopQuery = pageQuery.extend({ name: searchKeyword });
export type ShopQueryInput = z.input<typeof shopQuery>;

export const shopListItem = shopCard.extend({
  products: z.array(goodsItem.pick({ id: true, name: true, price: true, unit: true, defaultImage: true })),
});
export type ShopListItem = z.infer<typeof shopListItem>;

export const shopInfo = shopCard.extend({
  banner: z.string(),
  introduction: z.string(),
  contactName: z.string(),
  /** Masked (docs/product/interface.md#display-formatting). */
  contactPhone: z.string(),
  address: z.string(),
});
export type ShopInfo = z.infer<typeof shopInfo>;

export const companyOpenInfo = z.object({
  id: int,
  companyName: z.string(),
  /** Masked credit code: the first 6 and last 4 characters. */
  creditCode: z.string(),
  legalPerson: z.string(),
  areaName: z.string(),
  address: z.string(),
  certified: z.boolean(),
  shopTypeName: z.string(),
  mainBusiness: z.string(),
  introduction: z.string(),
  memberLevel: int,
  registeredAt: z.string(),
});
export type CompanyOpenInfo = z.infer<typeof companyOpenInfo>;

export const shopFloor = z.object({ title: z.string(), products: z.array(goodsItem) });
export type ShopFloor = z.infer<typeof shopFloor>;

export const shopCategory = z.object({ categoryCode: z.string(), name: z.string(), count: int });
export type ShopCategory = z.infer<typeof shopCategory>;

/** pushershopList: purchaser companies with public information only. */
export const purchaserQuery = pageQuery.extend({ name: searchKeyword, companyName: searchKeyword });
export type PurchaserQueryInput = z.input<typeof purchaserQuery>;
export const purchaserItem = z.object({
  id: int,
  companyName: z.string(),
  logo: z.string(),
  areaName: z.string(),
  certified: z.boolean(),
  enquiryCount: int,
  openEnquiryCount: int,
  lastEnquiryAt: z.string().nullable(),
});
export type PurchaserItem = z.infer<typeof purchaserItem>;

export const enquiryQuery = pageQuery.extend({
  companyName: searchKeyword,
  keyword: searchKeyword,
  status: optionalNumber(
    z.coerce
      .number()
      .int()
      .refine((s) => [1, 2, 3].includes(s), '询价状态不正确'),
  ),
});
export type EnquiryQueryInput = z.input<typeof enquiryQuery>;

export const enquiryListItem = z.object({
  id: int,
  code: z.string(),
  title: z.string(),
  companyId: int,
  companyName: z.string(),
  status: int,
  statusName: z.string(),
  deadline: z.string(),
  deliveryAreaName: z.string(),
  itemCount: int,
  itemNames: z.array(z.string()),
  offerCount: int,
  publishedAt: z.string().nullable(),
  /** EnquiryVisibility: 1 公开询价, 2 邀请询价 (listed too; only invited suppliers may quote). */
  visibility: int,
  /** 密封报价: the board shows the count only (as for every enquiry: never prices or bidders). */
  sealed: z.boolean(),
});
export type EnquiryListItem = z.infer<typeof enquiryListItem>;

export const enquiryDetail = enquiryListItem.extend({
  items: z.array(
    z.object({ id: int, productName: z.string(), spec: z.string(), quantity: z.number(), unit: z.string(), remark: z.string() }),
  ),
  remark: z.string(),
  /** Drawings and specifications (PDF or images) of a public enquiry; an invitation-only enquiry shows none
   * here (its invited suppliers see them on the quotation page). */
  attachments: z.array(z.object({ name: z.string(), path: z.string() })),
  contactName: z.string(),
  /** Masked (docs/product/interface.md#display-formatting). */
  contactPhone: z.string(),
  expired: z.boolean(),
});
export type EnquiryDetail = z.infer<typeof enquiryDetail>;

export const articleQuery = pageQuery.extend({
  title: searchKeyword,
  categoryCode: z.preprocess(blankToUndefined, z.string().trim().max(40, '分类编码格式不正确').optional()),
});
export type ArticleQueryInput = z.input<typeof articleQuery>;

export const articleListItem = z.object({
  id: int,
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  source: z.string(),
  views: int,
  isTop: z.boolean(),
  publishedAt: z.string(),
});
export type ArticleListItem = z.infer<typeof articleListItem>;

const articleLink = z.object({ id: int, title: z.string() }).nullable();
export const articleDetail = articleListItem.extend({
  author: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  prev: articleLink,
  next: articleLink,
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleCategory = z.object({ categoryCode: z.string(), categoryName: z.string(), count: int });
export type ArticleCategory = z.infer<typeof articleCategory>;

export const bidQuery = pageQuery.extend({
  type: optionalNumber(
    z.coerce
      .number()
      .int()
      .refine((t) => t === 1 || t === 2, '公告类型不正确'),
  ),
  status: optionalNumber(
    z.coerce
      .number()
      .int()
      .refine((s) => [1, 2, 3].includes(s), '招标状态不正确'),
  ),
  keyword: searchKeyword,
});
export type BidQueryInput = z.input<typeof bidQuery>;

export const bidListItem = z.object({
  id: int,
  type: int,
  typeName: z.string(),
  code: z.string(),
  title: z.string(),
  status: int,
  statusName: z.string(),
  purchaserName: z.string(),
  budget: z.number().nullable(),
  areaName: z.string(),
  deadline: z.string().nullable(),
  winnerName: z.string().nullable(),
  winAmount: z.number().nullable(),
  publishedAt: z.string(),
});
export type BidListItem = z.infer<typeof bidListItem>;

/**
 * A lot as the public notices show it (decision 0186): its budget only when the tender shows its budget, and
 * the winner and winning amount only once the 中标公告 is published. Never a bid price or a bid count.
 */
export const bidLot = z.object({
  name: z.string(),
  spec: z.string(),
  quantity: int,
  unit: z.string(),
  budget: z.number().nullable(),
  statusName: z.string(),
  winnerName: z.string().nullable(),
  winAmount: z.number().nullable(),
});
export type BidLot = z.infer<typeof bidLot>;

export const bidDetail = bidListItem.extend({
  /** Sanitised HTML. */
  content: z.string(),
  openAt: z.string().nullable(),
  /**
   * Documents with their real names and extensions. `restricted`: an invited-only tender's documents, which the
   * file host serves only to the invited suppliers (and the purchaser).
   */
  attachments: z.array(z.object({ name: z.string(), url: z.string(), restricted: z.boolean() })),
  /** The result of a tender, or the tender of a result. */
  linked: z.object({ id: int, type: int, title: z.string() }).nullable(),
  /** The tender's lots (a result shows its tender's, with the winners); empty for notices without lots. */
  lots: z.array(bidLot),
  /** Who may bid, in words (member level, certification, shop types, invitation); empty when not stated. */
  qualifications: z.array(z.string()),
  contactName: z.string(),
  contactPhone: z.string(),
  /**
   * The tender's timetable (a result shows its tender's): published, registration and bid deadline (one time:
   * registration closes with bidding), the scheduled and the actual opening, the publicity period (公示期) of
   * the 中标公告 from its publication to its end.
   */
  timetable: z.object({
    publishedAt: z.string().nullable(),
    deadline: z.string().nullable(),
    openAt: z.string().nullable(),
    openedAt: z.string().nullable(),
    publicityStartsAt: z.string().nullable(),
    publicityEndsAt: z.string().nullable(),
  }),
  /**
   * How to object to the award (a published 中标公告 of a workbench tender): bidders object in the workbench on
   * the tender's page (`path`) until the publicity period ends; `open` while it runs. Null otherwise.
   */
  objection: z.object({ open: z.boolean(), until: z.string().nullable(), path: z.string() }).nullable(),
});
export type BidDetail = z.infer<typeof bidDetail>;
