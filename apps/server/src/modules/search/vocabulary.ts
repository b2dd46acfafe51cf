import { normalizeSearch, searchTerms } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, searchSynonyms } from '../../db/schema/index.ts';
import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * What a keyword stands for beyond its own letters (docs/decisions/0176-search-synonyms-and-categories.md):
 * the synonym and trade-name table (`search_synonyms`, edited in the console) and the category names at every
 * level. Both are read once and kept for a minute per database; a console change forgets them at once here and,
 * through the cache bus, on the other instances (`forgetSearchVocabulary`).
 */

export interface SynonymRow {
  terms: readonly string[];
  related: readonly string[];
}

interface CategoryName {
  code: string;
  /** normalizeSearch(name) */
  name: string;
  hidden: boolean;
}

export interface Vocabulary {
  /** word → the rows listing it among their terms */
  asTerm: Map<string, SynonymRow[]>;
  /** word → the rows listing it among their related words */
  asRelated: Map<string, SynonymRow[]>;
  categories: CategoryName[];
}

export function buildVocabulary(rows: readonly SynonymRow[], cats: readonly CategoryName[]): Vocabulary {
  const asTerm = new Map<string, SynonymRow[]>();
  const asRelated = new Map<string, SynonymRow[]>();
  const add = (m: Map<string, SynonymRow[]>, w: string, r: SynonymRow) => {
    const list = m.get(w);
    if (list) list.push(r);
    else m.set(w, [r]);
  };
  for (const r of rows) {
    for (const w of r.terms) add(asTerm, w, r);
    for (const w of r.related) add(asRelated, w, r);
  }
  return { asTerm, asRelated, categories: [...cats] };
}

/** One term of a keyword and everything it stands for. */
export interface TermPlan {
  /** The word typed (normalized). */
  term: string;
  /** The term itself first, then its equivalents (the words whose name prefix earns the prefix bonus). */
  same: string[];
  /**
   * The term itself first, then its equivalents, the related words of its rows and their equivalents: a match
   * of any of them ranks like a match of the term (name 8 > brand 4 > spec 2 > shop 1).
   */
  strong: string[];
  /**
   * The generic words the term is a related word of (PAC → 絮凝剂), and their equivalents: found both ways, but
   * ranked like a category match.
   */
  weak: string[];
  /** Category codes whose products the term finds: categories named with a strong word, and their subtrees. */
  codes: string[];
}

/** The equivalents of a word: itself and every term of the rows listing it as a term. */
function equivalents(v: Vocabulary, word: string): string[] {
  const out = [word];
  for (const r of v.asTerm.get(word) ?? []) out.push(...r.terms);
  return out;
}

/** A category name matches a word of two characters or more (one character matches too much). */
const MIN_CATEGORY_WORD = 2;

export function planTerm(v: Vocabulary, term: string): TermPlan {
  const same = [...new Set(equivalents(v, term))];
  const strong = new Set<string>(same);
  for (const r of v.asTerm.get(term) ?? []) for (const n of r.related) for (const e of equivalents(v, n)) strong.add(e);
  const weak = new Set<string>();
  for (const t of equivalents(v, term)) {
    for (const r of v.asRelated.get(t) ?? []) for (const b of r.terms) for (const e of equivalents(v, b)) if (!strong.has(e)) weak.add(e);
  }
  // Per word: the categories named exactly so, else those whose name contains it (絮凝 → 絮凝剂), so that
  // 聚合氯化铝 names its own category and not 聚合氯化铝铁 too.
  const visible = v.categories.filter((c) => !c.hidden);
  const matched = [...strong]
    .filter((w) => Array.from(w).length >= MIN_CATEGORY_WORD)
    .flatMap((w) => {
      const exact = visible.filter((c) => c.name === w);
      return exact.length ? exact : visible.filter((c) => c.name.includes(w));
    });
  const codes = new Set<string>();
  for (const m of matched) for (const c of v.categories) if (c.code.startsWith(m.code)) codes.add(c.code);
  return { term, same, strong: [...strong], weak: [...weak], codes: [...codes].sort() };
}

/** The plan of a whole keyword (≤ 5 terms, all must match), or null without one. */
export function planKeyword(v: Vocabulary, keyword: string | undefined | null): TermPlan[] | null {
  const terms = searchTerms(keyword);
  return terms.length ? terms.map((t) => planTerm(v, t)) : null;
}

const VOCABULARY_TTL_MS = 60_000;
const caches = new WeakMap<Db, TtlCache<Vocabulary>>();
/** Bumped by a forget, so every database's older entry is no longer looked up. */
let generation = 0;
const CACHE_NAME = 'search-vocabulary';

export function searchVocabulary(db: Db): Promise<Vocabulary> {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new TtlCache<Vocabulary>(VOCABULARY_TTL_MS, 4)));
  return c.get(String(generation), () => loadVocabulary(db));
}

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [rows, cats] = await Promise.all([
    db.select({ terms: searchSynonyms.terms, related: searchSynonyms.related }).from(searchSynonyms),
    db.select({ code: categories.categoryCode, name: categories.name, hidden: categories.hidden }).from(categories),
  ]);
  return buildVocabulary(
    rows,
    cats.map((c) => ({ ...c, name: normalizeSearch(c.name) })),
  );
}

/** A synonym or a category changed: keyword plans are made afresh here and on the other instances. */
export function forgetSearchVocabulary(): void {
  generation++;
  broadcastForget({ cache: CACHE_NAME, tags: null });
}
registerCache(CACHE_NAME, () => generation++);
