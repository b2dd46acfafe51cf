import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { dbKey, TtlCache, type ReadTicket } from '../../lib/ttl-cache.ts';

/**
 * Per-user permission and menu grants, and the menu tree of each company type, cached like sessions
 * (docs/decisions/0082-session-cache.md): a few seconds at most, forgotten at once on this instance by every
 * change to roles, grants, role assignments or menus (`forgetAccess`).
 */
export const ACCESS_CACHE_TTL_MS = 5_000;
const cache = new TtlCache<unknown>({ ttlMs: ACCESS_CACHE_TTL_MS, max: 20_000 });

/** The cache itself, for tests that move its clock. */
export const accessCache = cache;

/**
 * The cached value of `key` in this database, or `load()` stored under `tags` (`u:<userId>`,
 * `c:<companyId>`, `t:<companyType>`). Callers must not change what they get.
 */
export async function cachedAccess<V>(db: object, key: string, tags: readonly string[], load: () => Promise<V>): Promise<V> {
  const k = `${dbKey(db)}:${key}`;
  const hit = cache.get(k);
  if (hit !== undefined) return hit as V;
  const ticket: ReadTicket = cache.ticket();
  const value = await load();
  cache.set(k, value, tags, ticket);
  return value;
}

/**
 * Forgets cached grants at once: of some users (their roles changed), or everything (a role's grants, a
 * preset or a menu entry changed — these reach many users). Call before or after the commit.
 */
export function forgetAccess(what?: { userIds: number[] }): void {
  const tags = what ? what.userIds.map((id) => `u:${id}`) : null;
  if (tags) cache.forget(...tags);
  else cache.clear();
  broadcastForget({ cache: 'access', tags });
}
registerCache('access', (tags) => (tags ? cache.forget(...tags) : cache.clear()));
