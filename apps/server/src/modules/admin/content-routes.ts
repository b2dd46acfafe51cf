import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { pageQuery, z } from '@aquamall/shared';
import { articles, banners, partners, siteMenus, siteSettings } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { audited, siteContentChanged } from './audited.ts';
import { sanitizeArticle } from './sanitize.ts';

const id = z.number().int().positive().max(2_147_483_647, '编号格式不正确');
const optId = id.optional();
const link = z.string().trim().max(300).default('');
const target = z.enum(['_self', '_blank']).default('_self');
const MENU_KEYS = ['web_top_menu', 'home_top_menu', 'web_bottom_menu', 'web_comproblem_menu', 'mall_nav'] as const;

const bannerInput = z.object({
  id: optId,
  position: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1, '请输入标题').max(100),
  imgUrl: z.string().trim().min(1, '请上传图片').max(300),
  linkUrl: link,
  target,
  sort: z.number().int().min(-9999, '排序值最小为-9999').max(9999, '排序值最大为9999').default(0),
  hidden: z.boolean().default(false),
});
const menuInput = z.object({
  id: optId,
  menuKey: z.enum(MENU_KEYS),
  parentId: id.nullable().default(null),
  title: z.string().trim().min(1, '请输入名称').max(60),
  linkUrl: link,
  target,
  parameters: z.string().trim().max(300).default(''),
  titleImg: z.string().trim().max(300).default(''),
  summary: z.string().trim().max(2000).default(''),
  sort: z.number().int().min(-9999, '排序值最小为-9999').max(9999, '排序值最大为9999').default(0),
  hidden: z.boolean().default(false),
});
const articleInput = z.object({
  id: optId,
  categoryCode: z.string().trim().min(1).max(40),
  categoryName: z.string().trim().min(1, '请选择栏目').max(40),
  title: z.string().trim().min(2, '请输入标题').max(150),
  summary: z.string().trim().max(500).default(''),
  cover: z.string().trim().max(300).default(''),
  content: z.string().max(200_000, '正文过长'),
  author: z.string().trim().max(50).default(''),
  source: z.string().trim().max(100).default(''),
  isTop: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
const partnerInput = z.object({ id: optId, title: z.string().trim().min(1).max(100), imgUrl: z.string().trim().min(1, '请上传图片').max(300), linkUrl: link, sort: z.number().int().min(-9999, '排序值最小为-9999').max(9999, '排序值最大为9999').default(0) });
/** Settings the console edits: statistics, hot keywords, filing numbers, QR code and the like. */
const settingInput = z.object({ key: z.string().trim().regex(/^[a-z][a-z0-9_]{1,59}$/, '设置项名称不正确'), value: z.json().refine((v) => v !== null, '请填写设置值') });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Console: site content. Each change is audited and refreshes the cached site data. */
export default async function adminContentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const changed = <T>(v: T) => {
    siteContentChanged();
    return ok(v, '已保存');
  };

  // Banners
  app.post('/admin/api/content/banner/list', { schema: { body: z.object({ position: z.string().max(40).optional() }) } }, async (request) =>
    ok(await app.db.select().from(banners).where(request.body.position ? eq(banners.position, request.body.position) : undefined).orderBy(asc(banners.position), asc(banners.sort), asc(banners.id))),
  );
  app.post('/admin/api/content/banner/save', { schema: { body: bannerInput } }, async (request) => {
    const { id: bid, ...v } = request.body;
    return changed(
      await app.db.transaction(async (tx) => {
        const [before] = bid ? await tx.select().from(banners).where(eq(banners.id, bid)) : [null];
        if (bid && !before) throw notFound();
        const [row] = bid ? await tx.update(banners).set(v).where(eq(banners.id, bid)).returning() : await tx.insert(banners).values(v).returning();
        await audited(tx, request, bid ? 'banner.update' : 'banner.create', 'banner', row!.id, before, row);
        return row;
      }),
    );
  });
  app.post('/admin/api/content/banner/delete', { schema: { body: z.object({ id }) } }, async (request) =>
    changed(
      await app.db.transaction(async (tx) => {
        const [before] = await tx.delete(banners).where(eq(banners.id, request.body.id)).returning();
        if (!before) throw notFound();
        await audited(tx, request, 'banner.delete', 'banner', before.id, before, null);
        return null;
      }),
    ),
  );

  // Navigation and footer menus (two levels)
  app.post('/admin/api/content/menu/list', { schema: { body: z.object({ menuKey: z.enum(MENU_KEYS) }) } }, async (request) =>
    ok(await app.db.select().from(siteMenus).where(eq(siteMenus.menuKey, request.body.menuKey)).orderBy(asc(siteMenus.sort), asc(siteMenus.id))),
  );
  app.post('/admin/api/content/menu/save', { schema: { body: menuInput } }, async (request) => {
    const { id: mid, ...v } = request.body;
    return changed(
      await app.db.transaction(async (tx) => {
        const [before] = mid ? await tx.select().from(siteMenus).where(eq(siteMenus.id, mid)) : [null];
        if (mid && !before) throw notFound();
        const [row] = mid ? await tx.update(siteMenus).set(v).where(eq(siteMenus.id, mid)).returning() : await tx.insert(siteMenus).values(v).returning();
        await audited(tx, request, mid ? 'menu.update' : 'menu.create', 'site_menu', row!.id, before, row);
        return row;
      }),
    );
  });
  app.post('/admin/api/content/menu/delete', { schema: { body: z.object({ id }) } }, async (request) =>
    changed(
      await app.db.transaction(async (tx) => {
        const children = await tx.delete(siteMenus).where(eq(siteMenus.parentId, request.body.id)).returning();
        const [before] = await tx.delete(siteMenus).where(eq(siteMenus.id, request.body.id)).returning();
        if (!before) throw notFound();
        await audited(tx, request, 'menu.delete', 'site_menu', before.id, { ...before, children }, null);
        return null;
      }),
    ),
  );

  // News articles (rich text, sanitised on save)
  app.post('/admin/api/content/article/list', { schema: { body: pageQuery.extend({ keyword: z.string().trim().max(60).optional(), categoryCode: z.string().max(40).optional() }) } }, async (request) => {
    const q = request.body;
    const conds: SQL[] = [];
    if (q.keyword) conds.push(ilike(articles.title, `%${escapeLike(q.keyword)}%`));
    if (q.categoryCode) conds.push(eq(articles.categoryCode, q.categoryCode));
    const where = conds.length ? and(...conds) : undefined;
    const [list, [total]] = await Promise.all([
      app.db
        .select({ id: articles.id, title: articles.title, categoryCode: articles.categoryCode, categoryName: articles.categoryName, isTop: articles.isTop, hidden: articles.hidden, views: articles.views, publishedAt: articles.publishedAt })
        .from(articles)
        .where(where)
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      app.db.select({ n: count() }).from(articles).where(where),
    ]);
    return ok({ list, total: total?.n ?? 0 });
  });
  app.get('/admin/api/content/article/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647, '编号格式不正确') }) } }, async (request) => {
    const [row] = await app.db.select().from(articles).where(eq(articles.id, request.params.id));
    if (!row) throw notFound('文章不存在');
    return ok(row);
  });
  app.post('/admin/api/content/article/save', { schema: { body: articleInput } }, async (request) => {
    const { id: aid, ...v } = request.body;
    const values = { ...v, content: sanitizeArticle(v.content) };
    return changed(
      await app.db.transaction(async (tx) => {
        const [before] = aid ? await tx.select().from(articles).where(eq(articles.id, aid)) : [null];
        if (aid && !before) throw notFound('文章不存在');
        const [row] = aid ? await tx.update(articles).set(values).where(eq(articles.id, aid)).returning() : await tx.insert(articles).values(values).returning();
        await audited(tx, request, aid ? 'article.update' : 'article.create', 'article', row!.id, before ? { title: before.title, hidden: before.hidden, content: before.content } : null, { title: row!.title, hidden: row!.hidden, content: row!.content });
        return row;
      }),
    );
  });
  app.post('/admin/api/content/article/delete', { schema: { body: z.object({ id }) } }, async (request) =>
    changed(
      await app.db.transaction(async (tx) => {
        const [before] = await tx.delete(articles).where(eq(articles.id, request.body.id)).returning();
        if (!before) throw notFound('文章不存在');
        await audited(tx, request, 'article.delete', 'article', before.id, before, null);
        return null;
      }),
    ),
  );

  // Partner companies
  app.post('/admin/api/content/partner/list', async () => ok(await app.db.select().from(partners).orderBy(asc(partners.sort), asc(partners.id))));
  app.post('/admin/api/content/partner/save', { schema: { body: partnerInput } }, async (request) => {
    const { id: pid, ...v } = request.body;
    return changed(
      await app.db.transaction(async (tx) => {
        const [before] = pid ? await tx.select().from(partners).where(eq(partners.id, pid)) : [null];
        if (pid && !before) throw notFound();
        const [row] = pid ? await tx.update(partners).set(v).where(eq(partners.id, pid)).returning() : await tx.insert(partners).values(v).returning();
        await audited(tx, request, pid ? 'partner.update' : 'partner.create', 'partner', row!.id, before, row);
        return row;
      }),
    );
  });
  app.post('/admin/api/content/partner/delete', { schema: { body: z.object({ id }) } }, async (request) =>
    changed(
      await app.db.transaction(async (tx) => {
        const [before] = await tx.delete(partners).where(eq(partners.id, request.body.id)).returning();
        if (!before) throw notFound();
        await audited(tx, request, 'partner.delete', 'partner', before.id, before, null);
        return null;
      }),
    ),
  );

  // Site settings: statistics, hot keywords, filing numbers, QR code ...
  app.post('/admin/api/content/setting/list', async () => ok(await app.db.select().from(siteSettings).orderBy(asc(siteSettings.key))));
  app.post('/admin/api/content/setting/save', { schema: { body: settingInput } }, async (request) => {
    const { key, value } = request.body;
    return changed(
      await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.key, key));
        const [row] = await tx
          .insert(siteSettings)
          .values({ key, value, updatedAt: new Date() })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
          .returning();
        await audited(tx, request, 'setting.save', 'site_setting', key, before?.value ?? null, value);
        return row;
      }),
    );
  });
}
