import type { GoodsQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { dbKey, TtlCache } from '../../lib/ttl-cache.ts';
import { JsonEntry } from '../site/index.ts';
import { forgetGoodsTallies, queryGoods } from './goods-query.ts';
import { onGoodsChange } from '../../lib/goods-changes.ts';

/**
 * The public goods list's answers, shared by every visitor for a few seconds (docs/decisions/0061, 2026-11-24):
 * pre-serialised and compressed once per fill (JsonEntry, as the cached site answers of 0011/0086), keyed by
 * the whole validated query. A hit costs no statement, no JSON and no gzip. A product or shop change forgets
 * every answer (and the counts and facets behind them) at once on this instance and, through the cache bus, on
 * the others (`forgetGoodsAnswers`);
 * what no hook reports (stock and sales after an order) is at most GOODS_ANSWER_TTL_MS old when fresh.
 *
 * Past that, an answer younger than GOODS_STALE_MS is still served while one query refreshes it in the
 * background (stale-while-revalidate): a busy keyword never makes a visitor wait for its refresh, so the list's
 * p99 does not carry a periodic full query. A forget drops the stale answers too.
 */
export const GOODS_ANSWER_TTL_MS = 5_000;
export const GOODS_STALE_MS = 15_000;
const CACHE_NAME = 'goods-answers';
const cache = new TtlCache<JsonEntry>({ ttlMs: GOODS_ANSWER_TTL_MS, max: 2_000 });
const stale = new TtlCache<JsonEntry>({ ttlMs: GOODS_STALE_MS, max: 2_000 });
// One clock for both (tests move it through goodsAnswerCache.now).
stale.now = () => cache.now();
/** The cache itself, for tests (its clock drives the stale answers too); `forgetGoodsAnswers` empties both. */
export const goodsAnswerCache = cache;

export function goodsAnswer(db: Db, q: GoodsQuery): Promise<JsonEntry> {
  const key = `${dbKey(db)}:${JSON.stringify({ ...q, productName: q.productName?.trim() || undefined })}`;
  const hit = cache.get(key);
  if (hit) return Promise.resolve(hit);
  // A miss: one query per key at a time; a stale answer, if any, is served meanwhile.
  const load = cache.getOrLoad(key, async (ticket) => {
    const entry = new JsonEntry(await queryGoods(db, q));
    stale.set(key, entry, [], ticket);
    return entry;
  });
  const old = stale.get(key);
  if (!old) return load;
  // The refresh runs on; its failure is the next visitor's to see, not this one's.
  load.catch(() => undefined);
  return Promise.resolve(old);
}

const idsOf = new WeakMap<JsonEntry, number[]>();

/**
 * The product ids of a goods list page, in its order, from the same cached answer the public list sends (a hit
 * costs no statement): the purchaser's price overlay asks for them with the list's own query, in parallel with
 * the list (decision 0248). Parsed once per cached answer.
 */
export async function goodsAnswerIds(db: Db, q: GoodsQuery): Promise<number[]> {
  const entry = await goodsAnswer(db, q);
  let ids = idsOf.get(entry);
  if (!ids) {
    const page = (JSON.parse(entry.json) as { data: { list: { id: number }[] } }).data;
    idsOf.set(entry, (ids = page.list.map((g) => g.id)));
  }
  return ids;
}

/** Forgets every cached answer (a product saved, put on or off sale, reviewed, taken down; a shop opened or closed). */
export function forgetGoodsAnswers(): void {
  forgetLocally();
  broadcastForget({ cache: CACHE_NAME, tags: null });
}

function forgetLocally() {
  cache.clear(); // and the queries in flight
  stale.clear();
  // The count and category facets of each filter set (15 s) go with the answers.
  forgetGoodsTallies();
}
registerCache(CACHE_NAME, forgetLocally);

onGoodsChange((_change, scope) => {
  if (scope === 'listing') forgetGoodsAnswers();
});
