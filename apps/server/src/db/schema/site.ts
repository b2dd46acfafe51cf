import { boolean, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';

/** The public site's content (modules/site, edited in the console): menus, banners, articles, partners, settings. */

/**
 * Site navigation and footer menus. `menuKey` is one of web_top_menu, home_top_menu, web_bottom_menu,
 * web_comproblem_menu, mall_nav. Two levels: a row with `parentId` is an item of its parent.
 */
export const siteMenus = pgTable(
  'site_menus',
  {
    id: serial().primaryKey(),
    menuKey: varchar({ length: 40 }).notNull(),
    parentId: integer(),
    title: varchar({ length: 60 }).notNull(),
    linkUrl: varchar({ length: 300 }).notNull().default(''),
    target: varchar({ length: 20 }).notNull().default('_self'),
    parameters: varchar({ length: 300 }).notNull().default(''),
    titleImg: varchar({ length: 300 }).notNull().default(''),
    summary: text().notNull().default(''),
    sort: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
  },
  (t) => [index().on(t.menuKey)],
);

/** Banners by position: web_topbanner (site home), mall_banner (mall home), web_article_banner (news), notice_banner. */
export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    position: varchar({ length: 40 }).notNull(),
    title: varchar({ length: 100 }).notNull(),
    imgUrl: varchar({ length: 300 }).notNull(),
    linkUrl: varchar({ length: 300 }).notNull().default(''),
    target: varchar({ length: 20 }).notNull().default('_self'),
    sort: integer().notNull().default(0),
    hidden: boolean().notNull().default(false),
  },
  (t) => [index().on(t.position)],
);

/** News, notices and help articles. `content` is sanitised HTML. */
export const articles = pgTable(
  'articles',
  {
    id: serial().primaryKey(),
    categoryCode: varchar({ length: 40 }).notNull(),
    categoryName: varchar({ length: 40 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    summary: varchar({ length: 500 }).notNull().default(''),
    cover: varchar({ length: 300 }).notNull().default(''),
    content: text().notNull().default(''),
    author: varchar({ length: 50 }).notNull().default(''),
    source: varchar({ length: 100 }).notNull().default(''),
    views: integer().notNull().default(0),
    isTop: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    publishedAt: atNow(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.categoryCode, t.publishedAt), index().on(t.publishedAt)],
);

/** Partner companies shown on the home page (web_cooperationcompany). */
export const partners = pgTable('partners', {
  id: serial().primaryKey(),
  title: varchar({ length: 100 }).notNull(),
  imgUrl: varchar({ length: 300 }).notNull(),
  linkUrl: varchar({ length: 300 }).notNull().default(''),
  sort: integer().notNull().default(0),
});

/** Key/value site settings: filing numbers, QR code, statistics, hot keywords. */
export const siteSettings = pgTable('site_settings', {
  key: varchar({ length: 60 }).primaryKey(),
  value: jsonb().notNull(),
  updatedAt: atNow(),
});
