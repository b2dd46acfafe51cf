import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { GoodsPage } from '@aquamall/shared';
import { auditLogs, categories, searchSynonyms } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertMallFixture, signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

// Console 搜索同义词 (docs/decisions/0176): the table the goods search expands keywords with. Every change is
// validated with a Chinese message, audited, and seen by the goods list at once (its shared answers are forgotten).
let t: TestApp;
let admin: SignedInUser;
let company: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  await insertMallFixture(t.database.db);
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'search1' });
  company = await signedInCompanyAdmin(t.database.db);
});
afterAll(async () => t?.close());

const names = async (productName: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/product/query', payload: { productName } });
  return (res.json() as { data: GoodsPage }).data.list.map((g) => g.name);
};
const rows = async () => (await t.database.db.select({ n: count() }).from(searchSynonyms))[0]!.n;
const save = (body: object, token = admin.token) => call(t.app, token, 'POST', '/admin/api/search/synonym/save', body);

describe('console: search synonyms', () => {
  it('lists the seeded industry table, paged, and finds rows by any of their words', async () => {
    const page1 = await call(t.app, admin.token, 'POST', '/admin/api/search/synonym/list', { pageIndex: 1, pageSize: 10 });
    expect(page1.code).toBe(0);
    expect(page1.data.list).toHaveLength(10);
    expect(page1.data.total).toBeGreaterThanOrEqual(30);
    const byWord = await call(t.app, admin.token, 'POST', '/admin/api/search/synonym/list', { pageIndex: 1, pageSize: 10, keyword: 'ＰＦＳ' });
    expect(byWord.data.list.map((r: { terms: string[] }) => r.terms[0])).toEqual(expect.arrayContaining(['聚合硫酸铁', '絮凝剂']));
  });

  it('creates, changes and deletes a row, each audited, and the goods list follows at once', async () => {
    expect(await names('铜线宝')).toEqual([]); // fills the shared answer, which the save must forget
    const created = await save({ terms: ['铜线宝', '　铜线 '], related: [], note: '测试' });
    expect(created.code).toBe(0);
    expect(created.data.terms).toEqual(['铜线宝', '铜线']); // normalized: trimmed, half-width
    expect(await names('铜线宝')).toEqual(['管道泵 100%铜线']);

    const id = created.data.id;
    expect((await save({ id, terms: ['铜线宝', '铝线'], related: [] })).code).toBe(0);
    expect(await names('铜线宝')).toEqual([]);

    expect((await call(t.app, admin.token, 'POST', '/admin/api/search/synonym/delete', { id })).code).toBe(0);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetType, 'search_synonym'));
    expect(audit.map((a) => a.action)).toEqual(['search_synonym.create', 'search_synonym.update', 'search_synonym.delete']);
    expect(audit[1]!.before).toMatchObject({ terms: ['铜线宝', '铜线'] });
    expect(audit[1]!.after).toMatchObject({ terms: ['铜线宝', '铝线'] });
    expect((await call(t.app, admin.token, 'POST', '/admin/api/search/synonym/delete', { id })).message).toBe('该同义词条目不存在');
  });

  it('refuses bad rows with a Chinese message and changes nothing', async () => {
    const before = await rows();
    const cases: [object, string][] = [
      [{ terms: [] }, '请至少填写一个同义词'],
      [{ terms: ['絮凝剂'] }, '请至少填写两个词（同义词或对应商品词）'],
      [{ terms: ['聚铝', 'PAC', 'pac'] }, '「pac」重复出现'],
      [{ terms: ['聚合 氯化铝', '聚铝'] }, '一个词中不能有空格，请分成两个词'],
      [{ terms: ['a', '聚铝'] }, '字母或数字的词至少2个字符'],
      [{ terms: ['聚铝', 'x'.repeat(21)] }, '每个词最多20个字'],
      [{ terms: ['聚铝', ''] }, '词语不能为空'],
      [{ terms: ['聚铝', 'pac'], note: '长'.repeat(201) }, '备注最多200字'],
      [{ terms: Array.from({ length: 21 }, (_, i) => `词${i}`) }, '同义词最多20个'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.code, JSON.stringify(body)).toBe(2);
      expect(res.message).toContain(message);
    }
    expect((await save({ id: 999_999, terms: ['聚铝', 'pac'] })).message).toBe('该同义词条目不存在');
    expect(await rows()).toBe(before);
  });

  it('is the platform administrators’: a company administrator is refused', async () => {
    const before = await rows();
    expect((await save({ terms: ['聚铝', 'pac'] }, company.token)).code).not.toBe(0);
    expect((await call(t.app, company.token, 'POST', '/admin/api/search/synonym/list', { pageIndex: 1, pageSize: 10 })).code).not.toBe(0);
    expect(await rows()).toBe(before);
  });

  it('a renamed category finds its products under the new name at once', async () => {
    expect(await names('混凝药剂')).toEqual([]);
    const [cat] = await t.database.db.select().from(categories).where(eq(categories.categoryCode, '0101'));
    const res = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { id: cat!.id, parentId: cat!.parentId, name: '混凝药剂', sort: 0, hidden: false, defaultImage: '' });
    expect(res.code).toBe(0);
    const found = await names('混凝药剂');
    expect(found).toEqual(expect.arrayContaining(['聚合氯化铝 PAC 28% 饮用水级', '巩义聚铝']));
  });
});
