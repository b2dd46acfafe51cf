import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeSummary, Paged } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { articles } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const day = 86_400_000;
  const now = Date.now();
  await t.database.db.insert(articles).values([
    { categoryCode: 'notice', categoryName: '平台公告', title: '旧公告', publishedAt: new Date(now - 3 * day) },
    { categoryCode: 'notice', categoryName: '平台公告', title: '新公告', publishedAt: new Date(now - day) },
    { categoryCode: 'industry', categoryName: '行业资讯', title: '置顶资讯', isTop: true, publishedAt: new Date(now - 10 * day) },
    { categoryCode: 'industry', categoryName: '行业资讯', title: '隐藏资讯', hidden: true },
    { categoryCode: 'industry', categoryName: '行业资讯', title: '定时资讯', publishedAt: new Date(now + day) },
    { categoryCode: 'help', categoryName: '帮助中心', title: '如何注册' },
  ]);
});
afterAll(async () => t?.close());

const query = async (payload: unknown) =>
  (await t.app.inject({ method: 'POST', url: '/api/openArticle/queryHomeNotice', payload: payload as object })).json<{
    code: number;
    message: string;
    data: Paged<NoticeSummary>;
  }>();

describe('POST /api/openArticle/queryHomeNotice', () => {
  it('lists published news, pinned first then newest, without hidden, future or help articles', async () => {
    const res = await query({ pageIndex: 1, pageSize: 10 });
    expect(res.code).toBe(0);
    expect(res.data.list.map((a) => a.title)).toEqual(['置顶资讯', '新公告', '旧公告']);
    expect(res.data.total).toBe(3);
    expect(res.data.list[0]).toMatchObject({ sysNo: expect.any(Number), categoryName: '行业资讯', summary: '', cover: '' });
    expect(new Date(res.data.list[0]!.publishedAt).getTime()).toBeLessThan(Date.now());
  });

  it('uses the default page when no body is sent', async () => {
    const res = (await t.app.inject({ method: 'POST', url: '/api/openArticle/queryHomeNotice' })).json<{ code: number; data: Paged<NoticeSummary> }>();
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(3);
  });

  it('pages and filters by category', async () => {
    const page2 = await query({ pageIndex: 2, pageSize: 2 });
    expect(page2.data.list.map((a) => a.title)).toEqual(['旧公告']);
    expect(page2.data.total).toBe(3);
    const help = await query({ pageIndex: 1, pageSize: 10, categoryCode: 'help' });
    expect(help.data.list.map((a) => a.title)).toEqual(['如何注册']);
  });

  it('refuses page sizes outside 1..100 with a Chinese message', async () => {
    for (const pageSize of [0, 1000]) {
      const res = await query({ pageIndex: 1, pageSize });
      expect(res.code).toBe(2);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await query({ pageIndex: 0, pageSize: 10 })).code).toBe(2);
  });
});
