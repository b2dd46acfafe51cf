import { and, eq, sql } from 'drizzle-orm';
import { Code, BidType, CompanyType, enumLabel, EnquiryStatus, formatPrice, MerchantStatus, ProductStatus, type BidDetail, type GoodsDetail, formatChinaDateTime } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { articles, companies, enquiries, products } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { htmlText } from '../../lib/html.ts';
import { preparedFor } from '../../lib/paged.ts';
import { cachedGoodsDetail } from '../mall/index.ts';
import { productCountSql } from '../mall/index.ts';
import { openShop } from '../merchant/index.ts';
import { expiredSql as enquiryExpired, publicEnquiry } from '../mall/index.ts';
import { bidDetail } from '../mall/index.ts';
import { visible as articleVisible } from '../mall/index.ts';

/**
 * What the server says about one public page before the web app runs (decision 0152): plain text only, the
 * renderer escapes it. `status` 404 (never public, or unknown) and 410 (was public, is gone) come with a
 * generic title and noindex; such pages say nothing of the record.
 */
export interface PublicPage {
  status: 200 | 404 | 410;
  /** The page's own title ('' on the site home: the site name alone). */
  title: string;
  description: string;
  /** Canonical path and query (`/mall/goodsDetail?id=3`). */
  path: string;
  ogType: 'website' | 'product' | 'article';
  /** A stored file key or a site asset path; the site's share image when empty. */
  image?: string;
  noindex?: boolean;
  /** The server-rendered text: a heading, facts as label/value, a paragraph, links. */
  heading: string;
  facts?: [string, string][];
  text?: string;
  links?: [string, string][];
  /** The same object answers every request for a while (a cached goods detail): its rendered page is kept with it. */
  shared?: boolean;
}

const MAX_ID = 2_147_483_647;
const DESCRIPTION_CHARS = 150;

/** The `id` query of a detail page, or null when missing or malformed. */
export function idOf(query: URLSearchParams): number | null {
  const v = query.get('id');
  if (!v || !/^\d{1,10}$/.test(v)) return null;
  const n = Number(v);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** China has one time zone and no summer time: UTC+8, `2026-11-30 17:00`. */
export function chinaTime(d: Date | string | null): string {
  return formatChinaDateTime(d, '');
}

const clip = (s: string, n = DESCRIPTION_CHARS) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};
const yuan = (v: number) => `¥${formatPrice(v)}`;

/** ¥1,700.00 – ¥1,900.00 / 吨, one price when all are equal, 面议 when nothing is priced. */
export function priceText(min: number | null, max: number | null, unit: string): string {
  const lo = min ?? max ?? 0;
  const hi = max ?? lo;
  if (!(hi > 0)) return '面议';
  const range = lo > 0 && lo < hi ? `${yuan(lo)} – ${yuan(hi)}` : yuan(hi);
  return unit ? `${range} / ${unit}` : range;
}

const gone = (status: 404 | 410, path: string, heading: string, back: [string, string]): PublicPage => ({
  status,
  title: heading,
  description: heading,
  path,
  ogType: 'website',
  noindex: true,
  heading,
  links: [back],
});

const SECTION_LINKS: [string, string][] = [
  ['商城首页', '/mall/home'],
  ['商品列表', '/mall/goodsList'],
  ['供应商', '/mall/shopList'],
  ['采购询价', '/mall/enquiry'],
  ['招标投标', '/mall/bidindex'],
  ['行业资讯', '/mall/notice'],
];

/** The list pages: their titles and descriptions as the web app sets them. */
const LIST_PAGES = new Map<string, [title: string, description: string]>(Object.entries({
  '/mall/home': ['商城首页', '水处理药剂、水处理设备、膜及膜组件、泵阀管件与农资大宗商品的B2B商城，源头厂家直供，在线询价下单。'],
  '/mall/goodsList': ['商品列表', '水处理药剂、设备、膜组件、泵阀的批发采购价格、供应商与规格参数，源头厂家在线询价。'],
  '/mall/goodsSearch': ['消费扶贫', '消费扶贫专区：来自脱贫地区的农副产品与大宗商品，源头直采，以购代捐。'],
  '/mall/enquiry': ['采购询价', '水务与环保行业采购询价：水厂、污水厂与工业企业的药剂、设备采购需求，供应商在线报价。'],
  '/mall/notice': ['行业资讯', '水务行业资讯、政策标准与平台公告。'],
  '/mall/shopList': ['供应商', '水处理药剂、设备、膜组件与泵阀的认证生产厂家、经销商和服务商，在线查看店铺与商品。'],
  '/mall/pushershopList': ['采购商', '水厂、污水处理厂与工业企业等采购商名录，查看其公开的采购询价。'],
  '/mall/bidindex': ['招标投标', '水务、环保项目招标公告与中标结果公示。'],
}));

/** Whether a product that is not public now was once (on or off sale: 410) or never was (404). */
const goodsStatus = preparedFor((db: Db) =>
  db
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('seo_goods_status'),
);

const isNotFound = (err: unknown) => err instanceof AppError && err.code === Code.NOT_FOUND;
/** One page per cached detail: it lives as long as the detail does. */
const goodsPages = new WeakMap<GoodsDetail, PublicPage>();

/** The goods detail page (the hottest public page) reads the detail the API shares (mall/goods/detail-cache.ts). */
async function goodsPage(db: Db, id: number): Promise<PublicPage> {
  const path = `/mall/goodsDetail?id=${id}`;
  let d: GoodsDetail;
  try {
    d = (await cachedGoodsDetail(db, id)).detail;
  } catch (err) {
    if (!isNotFound(err)) throw err;
    // Taken off sale, or its shop closed: it was public once (410). Drafts and the like never were (404).
    const [r] = await goodsStatus(db).execute({ id });
    const wasPublic = r && (r.status === ProductStatus.OFF_SALE || r.status === ProductStatus.ON_SALE);
    return gone(wasPublic ? 410 : 404, path, '商品不存在或已下架', ['去看看其他商品', '/mall/goodsList']);
  }
  const known = goodsPages.get(d);
  if (known) return known;
  const prices = [d.price, ...d.skus.map((s) => s.price)];
  const price = priceText(Math.min(...prices), Math.max(...prices), d.unit);
  const facts: [string, string][] = [
    ['价格', price],
    ['品牌', d.brand],
    ['型号', d.model],
    ['规格', d.spec],
    ['分类', d.categoryPath.at(-1)?.name ?? ''],
    ['起订量', `${d.minOrder}${d.unit}`],
    ['交货期', d.leadTimeDays > 0 ? `${d.leadTimeDays}天` : ''],
    ['产地', d.originName],
    ['供应商', d.shopName],
  ];
  const page: PublicPage = {
    status: 200,
    shared: true,
    title: d.name,
    description: clip(
      `${d.name}${d.brand ? `，品牌${d.brand}` : ''}${d.spec ? `，规格${d.spec}` : ''}，价格${price}，${d.shopName}供应。`,
    ),
    path,
    ogType: 'product',
    image: d.defaultImage,
    heading: d.name,
    facts: facts.filter(([, v]) => v),
    links: [
      [d.shopName, `/mall/shopHome?id=${d.companyId}`],
      ['商品列表', '/mall/goodsList'],
    ],
  };
  goodsPages.set(d, page);
  return page;
}

async function shopPage(db: Db, id: number): Promise<PublicPage> {
  const path = `/mall/shopHome?id=${id}`;
  const [r] = await db
    .select({
      shopName: sql<string>`coalesce(nullif(${companies.shopName}, ''), ${companies.name})`,
      companyName: companies.name,
      logo: companies.logo,
      banner: companies.shopBanner,
      areaName: companies.areaName,
      mainBusiness: companies.mainBusiness,
      introduction: companies.introduction,
      shopType: companies.shopType,
      certified: sql<boolean>`(${companies.certStatus} = 2)`,
      productCount: productCountSql,
      isOpen: sql<boolean>`(${openShop})`,
      // Its shop was open once: approving the merchant application opens it (merchant/review.ts), and only an
      // open shop can put goods on sale (merchant/publish-guard.ts), so any of these is the trace. The outer
      // id is spelled out: drizzle leaves a one-table select's columns unqualified, which the subqueries'
      // own tables would capture.
      wasOpen: sql<boolean>`(${companies.type} = ${CompanyType.SUPPLIER} and (${companies.shopOpen}
        or ${companies.merchantStatus} = ${MerchantStatus.APPROVED}
        or exists (select 1 from merchant_applications m where m.company_id = "companies"."id" and m.status = ${MerchantStatus.APPROVED})
        or exists (select 1 from products p where p.company_id = "companies"."id" and p.status in (${ProductStatus.ON_SALE}, ${ProductStatus.OFF_SALE}))))`,
    })
    .from(companies)
    .where(eq(companies.id, id));
  if (!r || !r.isOpen) {
    // Closed or disabled after it was open: it was public once (410). Never opened, or not a shop: 404.
    return gone(r?.wasOpen ? 410 : 404, path, '店铺不存在或已关闭', ['去看看其他供应商', '/mall/shopList']);
  }
  const about = htmlText(r.mainBusiness || r.introduction || '');
  return {
    status: 200,
    title: r.shopName,
    description: clip(`${r.shopName}（${r.companyName}）：${about}`),
    path,
    ogType: 'website',
    image: r.logo || r.banner,
    heading: r.shopName,
    facts: (
      [
        ['公司', r.companyName],
        ['地区', r.areaName ?? ''],
        ['类型', r.shopType ? (enumLabel('ShopType', r.shopType) ?? '') : ''],
        ['认证', r.certified ? '已认证' : ''],
        ['在售商品', `${r.productCount}件`],
        ['主营', htmlText(r.mainBusiness)],
      ] as [string, string][]
    ).filter(([, v]) => v),
    text: clip(htmlText(r.introduction), 300),
    links: [['供应商', '/mall/shopList']],
  };
}

async function enquiryPage(db: Db, id: number): Promise<PublicPage> {
  const path = `/mall/enquiryDetail?id=${id}`;
  // Offers are never read here: only the purchaser's public request (no contact phone either).
  const [r] = await db
    .select({
      title: enquiries.title,
      code: enquiries.code,
      status: enquiries.status,
      publishedAt: enquiries.publishedAt,
      isPublic: sql<boolean>`(${publicEnquiry})`,
      expired: enquiryExpired,
      deadline: enquiries.deadline,
      deliveryAreaName: enquiries.deliveryAreaName,
      companyName: companies.name,
      items: sql<string | null>`(select string_agg(i.product_name || ' ' || (i.quantity::float8)::text || i.unit, '、' order by i.id) from enquiry_items i where i.enquiry_id = ${enquiries.id})`,
    })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.companyId))
    .where(eq(enquiries.id, id));
  if (!r || !r.isPublic) {
    const withdrawn = r && r.status === EnquiryStatus.REVOKED && r.publishedAt !== null;
    return gone(withdrawn ? 410 : 404, path, '询价单不存在或未公开', ['返回询价大厅', '/mall/enquiry']);
  }
  const status = r.expired ? EnquiryStatus.CLOSED : r.status;
  const items = r.items ?? '';
  return {
    status: 200,
    title: r.title,
    description: clip(`${r.companyName}采购询价：${items}，收货地${r.deliveryAreaName}，截止${chinaTime(r.deadline)}`),
    path,
    ogType: 'article',
    heading: r.title,
    facts: (
      [
        ['询价单号', r.code],
        ['采购单位', r.companyName],
        ['状态', enumLabel('EnquiryStatus', status) ?? ''],
        ['报价截止', chinaTime(r.deadline)],
        ['收货地区', r.deliveryAreaName],
        ['采购明细', items],
      ] as [string, string][]
    ).filter(([, v]) => v),
    links: [['采购询价', '/mall/enquiry']],
  };
}

/** The text of the objection route of a 中标公告, as the web page says it (decision 0186). */
export function objectionText(o: { open: boolean; until: string | null }): string {
  return o.open
    ? `参与本项目投标的单位如对中标结果有异议，可在公示期内（截至${chinaTime(o.until)}）登录工作台，在「我的投标」中打开本项目提出异议，招标单位将予以答复。`
    : `公示期已于${chinaTime(o.until)}结束，不再受理异议。`;
}

async function tenderPage(db: Db, id: number): Promise<PublicPage> {
  const path = `/mall/bidDetail?id=${id}`;
  // The same answer as the web page (mall/bid/service.ts): bids stay sealed and a hidden budget stays hidden.
  let b: BidDetail;
  try {
    b = await bidDetail(db, id);
  } catch (e) {
    if (e instanceof AppError) return gone(404, path, '公告不存在或未发布', ['返回招标投标', '/mall/bidindex']);
    throw e;
  }
  const isResult = b.type === BidType.RESULT;
  const t = b.timetable;
  const lotFacts = b.lots.map((l): [string, string] => {
    const what = `${l.quantity}${l.unit}${l.spec ? `，${l.spec}` : ''}${l.budget === null ? '' : `，预算${yuan(l.budget)}`}`;
    const outcome = l.winnerName ? `，中标单位${l.winnerName}${l.winAmount === null ? '' : `，中标金额${yuan(l.winAmount)}`}` : l.statusName ? `，${l.statusName}` : '';
    return [`标段 ${l.name}`, what + outcome];
  });
  const facts: [string, string][] = [
    ['公告类型', b.typeName],
    ['项目编号', b.code],
    ['招标单位', b.purchaserName],
    ['状态', isResult ? '' : b.statusName],
    ['预算', b.budget === null ? '' : yuan(b.budget)],
    ['地区', b.areaName],
    ...lotFacts,
    ['资格要求', b.qualifications.join('；')],
    ['发布时间', chinaTime(t.publishedAt)],
    ['报名及投标截止', chinaTime(t.deadline)],
    ['开标时间', chinaTime(t.openedAt ?? t.openAt)],
    ['公示期', t.publicityStartsAt ? `${chinaTime(t.publicityStartsAt)} 至 ${chinaTime(t.publicityEndsAt)}` : ''],
    ['中标单位', b.winnerName ?? ''],
    ['中标金额', b.winAmount === null ? '' : yuan(b.winAmount)],
    ['联系人', b.contactName],
    ['联系电话', b.contactPhone],
    ['附件', b.attachments.map((a) => a.name).join('、')],
    ['异议', b.objection ? objectionText(b.objection) : ''],
  ];
  const deadline = !isResult && t.deadline ? `，投标截止${chinaTime(t.deadline)}` : '';
  const winner = isResult && b.winnerName ? `，中标单位${b.winnerName}` : '';
  return {
    status: 200,
    title: b.title,
    description: clip(`${b.typeName}：${b.title}，招标单位${b.purchaserName}${deadline}${winner}`),
    path,
    ogType: 'article',
    heading: b.title,
    facts: facts.filter(([, v]) => v),
    text: clip(htmlText(b.content), 300),
    links: [['招标投标', '/mall/bidindex'], ...(b.linked ? [[b.linked.type === BidType.RESULT ? '中标公告' : '招标公告', `/mall/bidDetail?id=${b.linked.id}`] as [string, string]] : [])],
  };
}

async function articlePage(db: Db, id: number): Promise<PublicPage> {
  const path = `/mall/articledetail?id=${id}`;
  // Read without counting a view: crawlers and link previews are not readers.
  const [r] = await db
    .select({
      title: articles.title,
      summary: articles.summary,
      cover: articles.cover,
      categoryName: articles.categoryName,
      source: articles.source,
      author: articles.author,
      publishedAt: articles.publishedAt,
      start: sql<string>`left(${articles.content}, 2000)`,
    })
    .from(articles)
    .where(and(articleVisible, eq(articles.id, id)));
  if (!r) return gone(404, path, '文章不存在或已下线', ['返回行业资讯', '/mall/notice']);
  const text = htmlText(r.start);
  return {
    status: 200,
    title: r.title,
    description: clip(r.summary || text || r.title),
    path,
    ogType: 'article',
    image: r.cover,
    heading: r.title,
    facts: (
      [
        ['栏目', r.categoryName],
        ['来源', r.source],
        ['作者', r.author],
        ['发布时间', chinaTime(r.publishedAt)],
      ] as [string, string][]
    ).filter(([, v]) => v),
    text: clip(r.summary || text, 300),
    links: [['行业资讯', '/mall/notice']],
  };
}

const DETAIL_PAGES = new Map<string, (db: Db, id: number) => Promise<PublicPage>>(Object.entries({
  '/mall/goodsDetail': goodsPage,
  '/mall/shopHome': shopPage,
  '/mall/enquiryDetail': enquiryPage,
  '/mall/bidDetail': tenderPage,
  '/mall/articledetail': articlePage,
}));

/** The list pages' paths (the sitemap lists them with the site home). */
export const LIST_PATHS = [...LIST_PAGES.keys()];

/** Whether the server describes this path (a public page kind); everything else gets the plain index.html. */
export const isPublicPath = (pathname: string) =>
  pathname === '/' || LIST_PAGES.has(pathname) || DETAIL_PAGES.has(pathname);

/**
 * The public page at `pathname` with its query, or null for paths that are not public pages (the workbench,
 * sign-in, the console…). At most one query, by primary key; list pages and the site home need none.
 */
export async function publicPage(
  db: Db,
  pathname: string,
  query: URLSearchParams,
  defaultDescription: string,
): Promise<PublicPage | null> {
  if (pathname === '/') {
    return { status: 200, title: '', description: defaultDescription, path: '/', ogType: 'website', heading: '', text: defaultDescription, links: SECTION_LINKS };
  }
  const list = LIST_PAGES.get(pathname);
  if (list) {
    const [title, description] = list;
    return { status: 200, title, description, path: pathname, ogType: 'website', heading: title, text: description, links: SECTION_LINKS };
  }
  const detail = DETAIL_PAGES.get(pathname);
  if (!detail) return null;
  const id = idOf(query);
  if (id === null) return gone(404, pathname, '页面不存在', ['返回首页', '/']);
  return detail(db, id);
}
