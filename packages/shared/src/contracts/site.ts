import { z } from 'zod';
import { MENU_KEYS } from '../constants.ts';
import { pageQuery } from '../envelope.ts';

/** Product category node, 3 levels (SPEC §3). `iconPath` is the default image path or ''. */
export interface CategoryNode {
  sysNo: number;
  name: string;
  categoryCode: string;
  iconPath: string;
  children: CategoryNode[];
}

/** Navigation or footer link (SPEC §3). */
export interface NavLink {
  title: string;
  linkUrl: string;
  target: string;
  parameters: string;
  items: NavLink[];
}

export interface Banner {
  sysNo: number;
  title: string;
  imgUrl: string;
  linkUrl: string;
  target: string;
}

/** Footer question block: `{title, titleImg, items[{title, summary}]}` (SPEC §3). */
export interface FooterQuestion {
  title: string;
  titleImg: string;
  items: { title: string; summary: string }[];
}

export interface StatisticData {
  title: string;
  value: number;
  unit: string;
}

/**
 * One home statistic as stored (site_settings key `statistics`, edited in the console). With `countOf` the
 * value shown is a live count from the database; otherwise `value` is shown as stored.
 */
export const statisticSetting = z.object({
  title: z.string().trim().min(1).max(20),
  unit: z.string().trim().max(10),
  value: z.number().min(0),
  countOf: z.enum(['suppliers', 'products', 'purchasers', 'enquiries', 'bids']).optional(),
});
export type StatisticSetting = z.infer<typeof statisticSetting>;
export const statisticSettings = z.array(statisticSetting).max(12);

export interface NoticeSummary {
  sysNo: number;
  title: string;
  summary: string;
  cover: string;
  categoryName: string;
  publishedAt: string;
}

export interface Partner {
  sysNo: number;
  title: string;
  imgUrl: string;
  linkUrl: string;
}

/** Site-wide settings shown in the footer and header. */
export interface SiteSettings {
  siteName: string;
  filingNumbers: { title: string; linkUrl: string }[];
  qrCode: string;
  qrCodeTitle: string;
  hotline: string;
  copyright: string;
}

/** The `site` setting as stored; every field optional (defaults fill the gaps). */
export const siteSettingsInput = z
  .object({
    siteName: z.string().trim().max(60),
    filingNumbers: z.array(z.object({ title: z.string().trim().max(60), linkUrl: z.string().trim().max(300) })).max(6),
    qrCode: z.string().trim().max(300),
    qrCodeTitle: z.string().trim().max(30),
    hotline: z.string().trim().max(30),
    copyright: z.string().trim().max(200),
  })
  .partial();

/** POST /api/index — the site data (SPEC §3). */
export interface SiteData {
  siteNav: NavLink[];
  mallNav: NavLink[];
  mallBanners: Banner[];
  statisticDatas: StatisticData[];
  footerLinks: NavLink[];
  footerQuestions: FooterQuestion[];
  noticeBanners: Banner[];
  settings: SiteSettings;
}

export type Controls<K extends string, V> = { controls: Record<K, V> };

/** A footer question block as served by GET /api/footer: a FooterQuestion that is also a NavLink. */
export interface FooterQuestionLink extends NavLink {
  titleImg: string;
  items: (NavLink & { summary: string })[];
}

/** GET /api/footer. */
export interface FooterData {
  controls: { web_bottom_menu: { children: NavLink[] }; web_comproblem_menu: { children: FooterQuestionLink[] } };
}

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

/** Area tree node (SPEC §3). `sysNo` is the official GB/T 2260 code. */
export interface AreaNode {
  sysNo: number;
  name: string;
  children?: AreaNode[];
}

/** The sign-in ways this server offers: a partner left unconfigured in a deployment turns its way off. */
export interface LoginMethods {
  password: boolean;
  sms: boolean;
  email: boolean;
  wechat: boolean;
}

/**
 * GET /api/site/features: what the web app must know about this deployment before it draws the sign-in page
 * or the workbench iframecontainer. `frameHosts` are the origins (`https://host[:port]`) that may be framed.
 */
export interface SiteFeatures {
  demo: boolean;
  loginMethods: LoginMethods;
  frameHosts: string[];
}
