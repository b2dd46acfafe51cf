import { z } from 'zod';
import { SEARCH_KEYWORD_MAX } from '../constants.ts';
import { pageQuery, type Paged } from '../envelope.ts';

/** Public mall contracts (SPEC §2 mall routes, §7). Inputs are zod schemas shared by the web and the server. */

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

/** A search keyword: trimmed, at most 40 characters (SPEC §5). */
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

export interface GoodsItem {
  id: number;
  name: string;
  brand: string;
  model: string;
  spec: string;
  unit: string;
  price: number;
  defaultImage: string;
  categoryCode: string;
  companyId: number;
  shopName: string;
  salesCount: number;
  stock: number;
  minOrder: number;
  isPovertyRelief: boolean;
  originName: string;
  createdAt: string;
}

/** Counts stop at this many; `totalCapped` says the real number is larger (docs/decisions/0060). */
export const GOODS_COUNT_CAP = 10_000;

export interface GoodsPage extends Paged<GoodsItem> {
  totalCapped: boolean;
  /** The normalized words searched (terms and their synonyms), for highlighting. */
  keywords: string[];
  /** For a keyword search without a category: the leaf categories of the matches, most first (≤ 12). */
  facets: GoodsFacet[];
}

export interface GoodsFacet {
  categoryCode: string;
  name: string;
  count: number;
}

export interface ShopCard {
  id: number;
  shopName: string;
  companyName: string;
  logo: string;
  areaName: string;
  shopType: number | null;
  shopTypeName: string;
  mainBusiness: string;
  memberLevel: number;
  certified: boolean;
  productCount: number;
  openedAt: string;
}

export interface CategoryCrumb {
  name: string;
  categoryCode: string;
}

export interface GoodsDetail extends GoodsItem {
  images: string[];
  priceTiers: { minQty: number; price: number }[];
  attributes: { name: string; value: string }[];
  /** Sanitised HTML. */
  description: string;
  categoryPath: CategoryCrumb[];
  shop: ShopCard;
  related: GoodsItem[];
}

export const shopQuery = pageQuery.extend({ name: searchKeyword });
export type ShopQueryInput = z.input<typeof shopQuery>;

export interface ShopListItem extends ShopCard {
  products: Pick<GoodsItem, 'id' | 'name' | 'price' | 'unit' | 'defaultImage'>[];
}

export interface ShopInfo extends ShopCard {
  banner: string;
  introduction: string;
  contactName: string;
  /** Masked (SPEC §9). */
  contactPhone: string;
  address: string;
}

export interface CompanyOpenInfo {
  id: number;
  companyName: string;
  /** Masked credit code: the first 6 and last 4 characters. */
  creditCode: string;
  legalPerson: string;
  areaName: string;
  address: string;
  certified: boolean;
  shopTypeName: string;
  mainBusiness: string;
  introduction: string;
  memberLevel: number;
  registeredAt: string;
}

export interface ShopFloor {
  title: string;
  products: GoodsItem[];
}

export interface ShopCategory {
  categoryCode: string;
  name: string;
  count: number;
}

/** pushershopList: purchaser companies with public information only. */
export const purchaserQuery = pageQuery.extend({ name: searchKeyword, companyName: searchKeyword });
export type PurchaserQueryInput = z.input<typeof purchaserQuery>;
export interface PurchaserItem {
  id: number;
  companyName: string;
  logo: string;
  areaName: string;
  certified: boolean;
  enquiryCount: number;
  openEnquiryCount: number;
  lastEnquiryAt: string | null;
}

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

export interface EnquiryListItem {
  id: number;
  code: string;
  title: string;
  companyId: number;
  companyName: string;
  status: number;
  statusName: string;
  deadline: string;
  deliveryAreaName: string;
  itemCount: number;
  itemNames: string[];
  offerCount: number;
  publishedAt: string | null;
}

export interface EnquiryDetail extends EnquiryListItem {
  items: { id: number; productName: string; spec: string; quantity: number; unit: string; remark: string }[];
  remark: string;
  contactName: string;
  /** Masked (SPEC §9). */
  contactPhone: string;
  expired: boolean;
}

export const articleQuery = pageQuery.extend({
  title: searchKeyword,
  categoryCode: z.preprocess(blankToUndefined, z.string().trim().max(40, '分类编码格式不正确').optional()),
});
export type ArticleQueryInput = z.input<typeof articleQuery>;

export interface ArticleListItem {
  id: number;
  title: string;
  summary: string;
  cover: string;
  categoryCode: string;
  categoryName: string;
  source: string;
  views: number;
  isTop: boolean;
  publishedAt: string;
}
export interface ArticleDetail extends ArticleListItem {
  author: string;
  /** Sanitised HTML. */
  content: string;
  prev: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
}
export interface ArticleCategory {
  categoryCode: string;
  categoryName: string;
  count: number;
}

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

export interface BidListItem {
  id: number;
  type: number;
  typeName: string;
  code: string;
  title: string;
  status: number;
  statusName: string;
  purchaserName: string;
  budget: number | null;
  areaName: string;
  deadline: string | null;
  winnerName: string | null;
  winAmount: number | null;
  publishedAt: string;
}
export interface BidDetail extends BidListItem {
  /** Sanitised HTML. */
  content: string;
  openAt: string | null;
  attachments: { name: string; url: string }[];
  /** The result of a tender, or the tender of a result. */
  linked: { id: number; type: number; title: string } | null;
}
