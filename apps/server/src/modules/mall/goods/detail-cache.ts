import type { GoodsDetail } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { sharedForget } from '../../../lib/cache-bus.ts';
import { dbKey, TtlCache } from '../../../lib/ttl-cache.ts';
import { GOODS_ANSWER_TTL_MS } from '../../search/index.ts';
import { JsonEntry } from '../../site/index.ts';
import { loadGoodsDetail } from './detail.ts';
import { onGoodsChange, type GoodsChange } from '../../../lib/goods-changes.ts';

/**
 * The goods detail, shared by every visitor for a few seconds (docs/decisions/0179): the answer of
 * GET /api/product/{id} pre-serialised and compressed once per fill (JsonEntry, as the goods list's answers),
 * and the same value for the server-rendered /mall/goodsDetail page. A hit costs no statement.
 *
 * Entries carry the tags `p:<product>` and `c:<shop company>`. Saving, reviewing, shelving or taking down a
 * product, confirming a stock adjustment, and changing or closing a shop forget their entries at once on this
 * instance and, through the cache bus, on the others (`forgetGoodsDetails`). What no hook reports (stock and
 * sales moved by orders, a related product changing) is at most GOODS_DETAIL_TTL_MS old: the goods list's
 * lifetime, so the detail's stock never lags the list's.
 */
export const GOODS_DETAIL_TTL_MS = GOODS_ANSWER_TTL_MS;
const CACHE_NAME = 'goods-details';

export interface CachedDetail {
  detail: GoodsDetail;
  entry: JsonEntry;
}

const cache = new TtlCache<CachedDetail>({ ttlMs: GOODS_DETAIL_TTL_MS, max: 5_000 });

/** The cache itself, for tests (its clock). */
export const goodsDetailCache = cache;

/** The public detail of product `id` (throws 商品不存在或已下架 as loadGoodsDetail does; failures are not kept). */
export function cachedGoodsDetail(db: Db, id: number): Promise<CachedDetail> {
  return cache.getOrLoad(
    `${dbKey(db)}:${id}`,
    async () => {
      const detail = await loadGoodsDetail(db, id);
      return { detail, entry: new JsonEntry(detail) };
    },
    ({ detail }) => [`p:${id}`, `c:${detail.shop.id}`],
  );
}


const tagsOf = (change: GoodsChange) => [
  ...(change.productIds ?? []).map((id) => `p:${id}`),
  ...(change.companyIds ?? []).map((id) => `c:${id}`),
];

/** Forgets the cached details of the changed products or shops, here and on the other instances. */
export function forgetGoodsDetails(change: GoodsChange | null): void {
  forget(change ? tagsOf(change) : null);
}
const forget = sharedForget(CACHE_NAME, cache);
onGoodsChange((change) => forgetGoodsDetails(change));
