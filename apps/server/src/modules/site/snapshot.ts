import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  siteSettingsInput,
  statisticSettings,
  type Banner,
  type FooterQuestionLink,
  type NavLink,
  type Partner,
  type SiteSettings,
  type StatisticData,
  type StatisticSetting,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { banners, bids, companies, enquiries, partners, products, siteMenus, siteSettings } from '../../db/schema/index.ts';

/** Everything the public site data calls are made of, read in one go and cached. */
export interface SiteSnapshot {
  menus: Record<string, NavLink[]>;
  footerQuestions: FooterQuestionLink[];
  banners: Record<string, Banner[]>;
  partners: Partner[];
  settings: SiteSettings;
  statistics: StatisticData[];
}

const DEFAULT_SETTINGS: SiteSettings = {
  siteName: 'B2B企业服务平台',
  filingNumbers: [],
  qrCode: '',
  qrCodeTitle: '关注公众号',
  hotline: '',
  copyright: '',
};

type MenuRow = typeof siteMenus.$inferSelect;

const toLink = (r: MenuRow, items: NavLink[] = []): NavLink => ({
  title: r.title,
  linkUrl: r.linkUrl,
  target: r.target,
  parameters: r.parameters,
  items,
});

/** Two-level menus per key: top rows, each with its visible children as `items`. */
function buildMenus(rows: MenuRow[]) {
  const children = new Map<number, MenuRow[]>();
  for (const r of rows) if (r.parentId !== null) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  const menus: Record<string, NavLink[]> = {};
  const footerQuestions: FooterQuestionLink[] = [];
  for (const r of rows) {
    if (r.parentId !== null) continue;
    const kids = children.get(r.id) ?? [];
    if (r.menuKey === 'web_comproblem_menu') {
      footerQuestions.push({ ...toLink(r), titleImg: r.titleImg, items: kids.map((k) => ({ ...toLink(k), summary: k.summary })) });
    } else {
      (menus[r.menuKey] ??= []).push(toLink(r, kids.map((k) => toLink(k))));
    }
  }
  return { menus, footerQuestions };
}

async function liveCounts(db: Db): Promise<Record<NonNullable<StatisticSetting['countOf']>, number>> {
  const n = sql<number>`count(*)::int`;
  const [[s], [p], [c], [e], [b]] = await Promise.all([
    db.select({ n }).from(companies).where(and(eq(companies.type, 2), eq(companies.shopOpen, true), eq(companies.disabled, false))),
    db.select({ n }).from(products).where(eq(products.status, 2)),
    db.select({ n }).from(companies).where(and(eq(companies.type, 4), eq(companies.disabled, false))),
    db.select({ n }).from(enquiries).where(ne(enquiries.status, 0)),
    db.select({ n }).from(bids).where(eq(bids.type, 1)),
  ]);
  return { suppliers: s?.n ?? 0, products: p?.n ?? 0, purchasers: c?.n ?? 0, enquiries: e?.n ?? 0, bids: b?.n ?? 0 };
}

export async function loadSnapshot(db: Db): Promise<SiteSnapshot> {
  const [menuRows, bannerRows, partnerRows, settingRows] = await Promise.all([
    db.select().from(siteMenus).where(eq(siteMenus.hidden, false)).orderBy(asc(siteMenus.sort), asc(siteMenus.id)),
    db.select().from(banners).where(eq(banners.hidden, false)).orderBy(asc(banners.sort), asc(banners.id)),
    db.select().from(partners).orderBy(asc(partners.sort), asc(partners.id)),
    db.select().from(siteSettings),
  ]);
  const setting = (key: string) => settingRows.find((r) => r.key === key)?.value;

  const byPosition: Record<string, Banner[]> = {};
  for (const b of bannerRows) {
    (byPosition[b.position] ??= []).push({ sysNo: b.id, title: b.title, imgUrl: b.imgUrl, linkUrl: b.linkUrl, target: b.target });
  }

  // A malformed setting (hand-edited) falls back to defaults rather than breaking the home page.
  const parsed = statisticSettings.safeParse(setting('statistics') ?? []);
  const stats = parsed.success ? parsed.data : [];
  const counts = stats.some((s) => s.countOf) ? await liveCounts(db) : null;

  return {
    ...buildMenus(menuRows),
    banners: byPosition,
    partners: partnerRows.map((p) => ({ sysNo: p.id, title: p.title, imgUrl: p.imgUrl, linkUrl: p.linkUrl })),
    settings: { ...DEFAULT_SETTINGS, ...(siteSettingsInput.safeParse(setting('site') ?? {}).data ?? {}) },
    statistics: stats.map((s) => ({ title: s.title, unit: s.unit, value: s.countOf && counts ? counts[s.countOf] : s.value })),
  };
}
