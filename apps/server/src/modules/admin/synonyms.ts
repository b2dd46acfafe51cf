import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { normalizeSearch, type AdminSynonymListQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { AuditActor } from '../audit/index.ts';
import { forgetGoodsAnswers } from '../search/index.ts';
import { forgetSearchVocabulary } from '../search/index.ts';
import { audited } from './audited.ts';

/**
 * Console 搜索同义词: the search synonym and trade-name table (docs/decisions/0176-search-synonyms-and-categories.md).
 * Each change is audited and makes the goods search plan keywords afresh (this instance at once, the others
 * through the cache bus) and forgets the shared goods-list answers.
 */

/** Rows listing the word (normalized) among their terms or related words; latest change first (then as seeded); paged. */
export async function listSynonyms(db: Db, q: AdminSynonymListQuery) {
  const word = q.keyword ? normalizeSearch(q.keyword) : '';
  const where: SQL | undefined = word
    ? sql`exists (select 1 from unnest(${searchSynonyms.terms} || ${searchSynonyms.related}) w where strpos(w, ${word}) > 0)`
    : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(searchSynonyms)
      .where(where)
      .orderBy(desc(searchSynonyms.updatedAt), asc(searchSynonyms.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(searchSynonyms).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

interface SynonymValues {
  id?: number;
  terms: string[];
  related: string[];
  note: string;
}

const searchWordsChanged = () => {
  forgetSearchVocabulary();
  forgetGoodsAnswers();
};

/** Creates a row or changes one; audited. The words arrive normalized (the schema does it). */
export async function saveSynonym(db: Db, actor: AuditActor, { id, ...v }: SynonymValues) {
  const row = await db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)) : [null];
    if (id && !before) throw fail('SYNONYM_NOT_FOUND');
    const values = { ...v, updatedAt: new Date() };
    const [after] = id
      ? await tx.update(searchSynonyms).set(values).where(eq(searchSynonyms.id, id)).returning()
      : await tx.insert(searchSynonyms).values(values).returning();
    await audited(tx, actor, id ? 'search_synonym.update' : 'search_synonym.create', 'search_synonym', after!.id, before, after);
    return after!;
  });
  searchWordsChanged();
  return row;
}

/** Deletes a row; audited. */
export async function deleteSynonym(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!before) throw fail('SYNONYM_NOT_FOUND');
    await audited(tx, actor, 'search_synonym.delete', 'search_synonym', before.id, before, null);
  });
  searchWordsChanged();
}
