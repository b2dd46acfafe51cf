import { and, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { API_CALL_KEEP_DAYS, chinaDayEnd, chinaDayStart, type ApiCallRow, type PageQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { apiCalls, apiKeys } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import type { OpenApiCaller } from './keys.ts';

/** What one signed call left for the call log (decision 0250): written after the answer, never in its transaction. */
export interface ApiCallRecord {
  companyId: number;
  keyId: number;
  method: string;
  route: string;
  httpStatus: number;
  code: number | null;
  errorId: string | null;
  ip: string;
  durationMs: number;
}

/** Writes one call's record. The caller catches: a failed write is logged and never fails the call. */
export async function recordApiCall(db: Db, r: ApiCallRecord): Promise<void> {
  await db.insert(apiCalls).values({
    ...r,
    method: r.method.slice(0, 8),
    route: r.route.slice(0, 200),
    errorId: r.errorId?.slice(0, 64) ?? null,
    ip: r.ip.slice(0, 64),
    durationMs: Math.max(0, Math.round(r.durationMs)),
  });
}

/** The company's call log, newest first, by key and by China days (both included). */
export async function listApiCalls(db: Db, caller: OpenApiCaller, q: PageQuery & { keyId?: number; dateFrom?: string; dateTo?: string }) {
  const where: SQL | undefined = and(
    eq(apiCalls.companyId, caller.companyId),
    q.keyId ? eq(apiCalls.keyId, q.keyId) : undefined,
    q.dateFrom ? gte(apiCalls.at, chinaDayStart(q.dateFrom)) : undefined,
    q.dateTo ? lt(apiCalls.at, chinaDayEnd(q.dateTo)) : undefined,
  );
  const page = await pagedRows(
    db
      .select({
        id: apiCalls.id,
        keyId: apiCalls.keyId,
        accessKeyId: apiKeys.accessKeyId,
        keyName: apiKeys.name,
        method: apiCalls.method,
        route: apiCalls.route,
        httpStatus: apiCalls.httpStatus,
        code: apiCalls.code,
        errorId: apiCalls.errorId,
        ip: apiCalls.ip,
        durationMs: apiCalls.durationMs,
        at: apiCalls.at,
        total: totalOf(apiCalls, where),
      })
      .from(apiCalls)
      .innerJoin(apiKeys, eq(apiKeys.id, apiCalls.keyId))
      .where(where)
      .orderBy(desc(apiCalls.at), desc(apiCalls.id)),
    q,
    () => db.$count(apiCalls, where),
  );
  return { list: page.list.map((r): ApiCallRow => ({ ...r, at: r.at.toISOString() })), total: page.total };
}

/** The daily clean-up of the call log (job `openapi.calls.prune`, through the jobs table). */
export const API_CALL_PRUNE = 'openapi.calls.prune';
const PRUNE_BATCH = 5_000;

/** Deletes the records older than `keepDays` days before `now`, a batch per statement; answers how many. */
export async function pruneApiCalls(db: Db, now = new Date(), keepDays = API_CALL_KEEP_DAYS): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  let gone = 0;
  for (;;) {
    const ids = db.select({ id: apiCalls.id }).from(apiCalls).where(lt(apiCalls.at, before)).limit(PRUNE_BATCH);
    const n = (await db.delete(apiCalls).where(inArray(apiCalls.id, ids)).returning({ id: apiCalls.id })).length;
    gone += n;
    if (n < PRUNE_BATCH) return gone;
  }
}
