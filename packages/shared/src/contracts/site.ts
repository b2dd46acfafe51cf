import { z } from 'zod';
import { MENU_KEYS } from '../constants.ts';
import { pageQuery } from '../envelope.ts';
import type { EnumDef } from '../enums.ts';

const int = z.number().int();

/** Product category node, 3 levels (docs/product/mall.md#category-catalogue). `iconPath` is the default image path or ''. */
export const categoryNode = z.object({
  sysNo: int,
  name: z.string(),
  categoryCode: z.string(),
  iconPath: z.string(),
  get children(): z.ZodArray<typeof categoryNode> {
    return z.array(categoryNode);
  },
});
export type CategoryNode = z.infer<typeof categoryNode>;

/** Navigation or footer link (docs/product/mall.md#site-data). */
export const navLink = z.object({
  title: z.string(),
  linkUrl: z.string(),
  target: z.string(),
  parameters: z.string(),
  get items(): z.ZodArray<typeof navLink> {
    return z.array(navLink);
  },
});
export type NavLink = z.infer<typeof navLink>;

export const banner = z.object({
  sysNo: int,
  title: z.string(),
  imgUrl: z.string(),
  linkUrl: z.string(),
  target: z.string(),
});
export type Banner = z.infer<typeof banner>;

/** Footer question block: `{title, titleImg, items[{title, summary}]}` (docs/product/mall.md#site-data). */
export const footerQuestion = z.object({
  title: z.string(),
  titleImg: z.string(),
  items: z.array(z.object({ title: z.string(), summary: z.string() })),
});
export type FooterQuestion = z.infer<typeof footerQuestion>;

/** A footer question block as served: a FooterQuestion that is also a NavLink (GET /api/footer, POST /api/index). */
export const footerQuestionLink = navLink.extend({
  titleImg: z.string(),
  items: z.array(navLink.extend({ summary: z.string() })),
});
export type FooterQuestionLink = z.infer<typeof footerQuestionLink>;

export const statisticData = z.object({ title: z.string(), value: z.number(), unit: z.string() });
export type StatisticData = z.infer<typeof statisticData>;

/**
 * One home statistic as stored (site_settings key `statistics`, edited in the console). With `countOf` the
 * value shown is a live count from the database; otherwise `value` is shown as stored.
 */
export const statisticSetting = z.object({
  title: z.string().trim().min(1, '请输入名称').max(20),
  unit: z.string().trim().max(10),
  value: z.number().min(0),
  countOf: z.enum(['suppliers', 'products', 'purchasers', 'enquiries', 'bids']).optional(),
});
export type StatisticSetting = z.infer<typeof statisticSetting>;
export const statisticSettings = z.array(statisticSetting).max(12);

export const noticeSummary = z.object({
  sysNo: int,
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  categoryName: z.string(),
  publishedAt: z.string(),
});
export type NoticeSummary = z.infer<typeof noticeSummary>;

export const partner = z.object({ sysNo: int, title: z.string(), imgUrl: z.string(), linkUrl: z.string() });
export type Partner = z.infer<typeof partner>;

/** Site-wide settings shown in the footer and header. */
export const siteSettings = z.object({
  siteName: z.string(),
  filingNumbers: z.array(z.object({ title: z.string(), linkUrl: z.string() })),
  qrCode: z.string(),
  qrCodeTitle: z.string(),
  hotline: z.string(),
  copyright: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** One filing number (京ICP备…号) with its look-up link. */
export const filingNumberInput = z.object({ title: z.string().trim().min(1, '请输入备案号').max(60), linkUrl: z.string().trim().max(300) });
/** The `site` setting as the console edits it. */
export const siteInfoInput = z.object({
  siteName: z.string().trim().min(1, '请输入站点名称').max(60),
  filingNumbers: z.array(filingNumberInput).max(6),
  qrCode: z.string().trim().max(300),
  qrCodeTitle: z.string().trim().max(30),
  hotline: z.string().trim().max(30),
  copyright: z.string().trim().max(200),
});
/** The `site` setting as stored; every field optional (defaults fill the gaps). */
export const siteSettingsInput = siteInfoInput.partial();

/** POST /api/index — the site data (docs/product/mall.md#site-data). */
export const siteData = z.object({
  siteNav: z.array(navLink),
  mallNav: z.array(navLink),
  mallBanners: z.array(banner),
  statisticDatas: z.array(statisticData),
  footerLinks: z.array(navLink),
  footerQuestions: z.array(footerQuestionLink),
  noticeBanners: z.array(banner),
  settings: siteSettings,
});
export type SiteData = z.infer<typeof siteData>;

/** `{controls: {<key>: <value>}}`, the shape of several site answers (docs/product/api-envelope.md#site-and-mall-calls). */
export const controlsOf = <K extends string, V extends z.ZodType>(key: K, value: V) =>
  z.object({ controls: z.object({ [key]: value } as { [P in K]: V }) });
export type Controls<K extends string, V> = { controls: Record<K, V> };

/** GET /api/footer. */
export const footerData = z.object({
  controls: z.object({
    web_bottom_menu: z.object({ children: z.array(navLink) }),
    web_comproblem_menu: z.object({ children: z.array(footerQuestionLink) }),
  }),
});
export type FooterData = z.infer<typeof footerData>;

/** GET /api/navigationmenu/{menuKey}: `{controls: {<menuKey>: {items}}}`. */
export const navigationData = z.object({
  controls: z.partialRecord(z.enum(MENU_KEYS), z.object({ items: z.array(navLink) })),
});
export type NavigationData = z.infer<typeof navigationData>;

/** GET /api/indexbanner. */
export const indexBannerData = controlsOf('web_topbanner', z.object({ items: z.array(banner) }));
/** GET /api/articlebanner. */
export const articleBannerData = controlsOf('web_article_banner', z.object({ items: z.array(banner) }));
/** GET /api/page/web_cooperationcompany. */
export const partnerData = controlsOf('web_cooperationcompany', z.object({ items: z.array(partner) }));
/** GET /api/pagestatisticalinfo. */
export const statisticsData = z.object({ statisticDatas: z.array(statisticData) });

export const enumsQuery = z.object({
  enumNames: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : (Array.isArray(v) ? v : v.split(','))
            .map((s) => s.trim())
            .filter(Boolean),
    ),
});

export const menuKeyParams = z.object({ menuKey: z.enum(MENU_KEYS, { message: '菜单标识不存在' }) });

export const homeNoticeQuery = pageQuery.extend({
  categoryCode: z.string().max(40).optional(),
});
export type HomeNoticeQuery = z.infer<typeof homeNoticeQuery>;

/** Area tree node (docs/product/api-envelope.md#static-data). `sysNo` is the official GB/T 2260 code. */
export const areaNode = z.object({
  sysNo: int,
  name: z.string(),
  get children(): z.ZodOptional<z.ZodArray<typeof areaNode>> {
    return z.array(areaNode).optional();
  },
});
export type AreaNode = z.infer<typeof areaNode>;

/** GET /api/enums: `{name, items[{id, name, description, display}], isFlag}` (docs/product/api-envelope.md#static-data). */
export const enumDef = z.object({
  name: z.string(),
  items: z.array(z.object({ id: int, name: z.string(), description: z.string(), display: z.boolean() })),
  isFlag: z.boolean(),
}) satisfies z.ZodType<EnumDef>;

/** POST /api/openArticle/queryHomeNotice: a POST without a body (null) asks for the first page. */
export const homeNoticeBody = z.preprocess((v) => v ?? {}, homeNoticeQuery);

/** The sign-in ways this server offers: a partner left unconfigured in a deployment turns its way off. */
export const loginMethods = z.object({ password: z.boolean(), sms: z.boolean(), email: z.boolean(), wechat: z.boolean() });
export type LoginMethods = z.infer<typeof loginMethods>;

/**
 * GET /api/site/features: what the web app must know about this deployment before it draws the sign-in page
 * or the workbench iframecontainer. `frameHosts` are the origins (`https://host[:port]`) that may be framed.
 */
export const siteFeatures = z.object({ demo: z.boolean(), loginMethods, frameHosts: z.array(z.string()) });
export type SiteFeatures = z.infer<typeof siteFeatures>;
