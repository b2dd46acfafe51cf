import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OrderKind, OrderStatus } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { jobs, orderCounts, OrderCountScope, orders } from '../../db/schema/index.ts';
import { makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { runDueJobs, ensureRecurringJobs, nextSlot } from '../jobs/runner.ts';
import {
  compactOrderCounts,
  ORDER_COUNTS_COMPACT_JOB,
  ORDER_COUNTS_COMPACT_MS,
  readOrderCounts,
} from './counts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const rowsOf = (res: unknown) => (res as { rows: Record<string, number>[] }).rows;
const key = (r: Record<string, number>) => `${r.scope}/${r.owner_id}/${r.kind}/${r.status}`;

/** The counts recounted from `orders` and as the delta rows sum them, as "scope/owner/kind/status" → n. */
async function recountAndCounters() {
  const recount = rowsOf(
    await db().execute(sql`
      select 1 as scope, buyer_user_id as owner_id, kind, status, count(*)::int as n from orders
        where buyer_user_id is not null group by buyer_user_id, kind, status
      union all
      select 2, buyer_company_id, kind, status, count(*)::int from orders group by buyer_company_id, kind, status
      union all
      select 3, seller_company_id, kind, status, count(*)::int from orders group by seller_company_id, kind, status`),
  );
  const counters = rowsOf(
    await db().execute(sql`
      select scope, owner_id, kind, status, sum(n)::int as n from order_counts
      group by scope, owner_id, kind, status having sum(n) <> 0`),
  );
  const asMap = (rows: Record<string, number>[]) =>
    Object.fromEntries(
      rows.map((r) => [key(r), Number(r.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return { recount: asMap(recount), counters: asMap(counters) };
}

// A small deterministic generator, so a failure can be replayed.
function rng(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const STATUSES = Object.values(OrderStatus);

async function scene(label: string, count: number) {
  const sellers = [
    await makeSupplier(db(), `${label}供应商甲`),
    await makeSupplier(db(), `${label}供应商乙`),
  ];
  const buyers = [
    await makePurchaser(db(), `${label}采购商甲`),
    await makePurchaser(db(), `${label}采购商乙`),
    await makePurchaser(db(), `${label}采购商丙`),
  ];
  const skus = await Promise.all(
    sellers.map(
      async (s) => (await makeOnSaleProduct(db(), s, { skus: [{ price: 10, stock: 10_000 }] })).skuIds[0]!,
    ),
  );
  const next = rng(count);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const si = next(2);
    ids.push(
      (await makeOrder(db(), buyers[next(3)]!, sellers[si]!.id, [{ skuId: skus[si]!, quantity: 1 }])).id,
    );
  }
  return { ids, buyers, sellers, next };
}

/** One random transition: a new status, now and then another kind or purchasing user too. */
async function transition(
  tx: ReturnType<typeof db>,
  id: number,
  next: (n: number) => number,
  userIds: number[],
) {
  const change: Partial<typeof orders.$inferInsert> = { status: STATUSES[next(STATUSES.length)]! };
  if (next(5) === 0) change.kind = next(2) ? OrderKind.ENQUIRY : OrderKind.PURCHASE;
  if (next(7) === 0) change.buyerUserId = userIds[next(userIds.length)]!;
  await tx.update(orders).set(change).where(eq(orders.id, id));
}

describe('order_counts as delta rows (decision 0113)', () => {
  it('equals a recount from orders after random transitions and compactions', async () => {
    const { ids, buyers, next } = await scene('计数', 24);
    const userIds = buyers.map((b) => b.id);
    for (let step = 0; step < 200; step++) {
      await transition(db(), ids[next(ids.length)]!, next, userIds);
      if (step % 37 === 36) await compactOrderCounts(db());
      if (step % 50 === 49) {
        const { recount, counters } = await recountAndCounters();
        expect(counters).toEqual(recount);
      }
    }
    // A transition rolled back leaves no delta behind.
    await db()
      .transaction(async (tx) => {
        await tx.update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, ids[0]!));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const before = await recountAndCounters();
    expect(before.counters).toEqual(before.recount);

    // Compaction leaves at most one row per key and changes no sum.
    const folded = await compactOrderCounts(db());
    expect(folded).toBeGreaterThan(0);
    const perKey = rowsOf(
      await db().execute(
        sql`select count(*)::int as n from order_counts group by scope, owner_id, kind, status`,
      ),
    );
    expect(Math.max(...perKey.map((r) => Number(r.n)))).toBe(1);
    const after = await recountAndCounters();
    expect(after.counters).toEqual(before.recount);
    expect(await compactOrderCounts(db())).toBe(0);

    // What the status tabs read (queries.ts) for one purchasing company.
    const b = buyers[0]!;
    const own = await db()
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.buyerCompanyId, b.companyId), eq(orders.kind, OrderKind.PURCHASE)))
      .groupBy(orders.status);
    expect(
      await readOrderCounts(db(), OrderCountScope.BUYER_COMPANY, b.companyId, OrderKind.PURCHASE),
    ).toEqual(Object.fromEntries(own.map((r) => [String(r.status), r.n])));
  });

  it.runIf(testDbKind === 'pg')(
    'stays equal with concurrent transitions, new orders and compactions running at once',
    async () => {
      const { ids, buyers, sellers } = await scene('并发计数', 30);
      const userIds = buyers.map((b) => b.id);
      const sku = (await makeOnSaleProduct(db(), sellers[0]!, { skus: [{ price: 5, stock: 10_000 }] }))
        .skuIds[0]!;
      let compacting = true;
      const compactor = (async () => {
        let runs = 0;
        while (compacting || runs < 2) {
          await compactOrderCounts(db());
          runs++;
        }
        return runs;
      })();
      const workers = Array.from({ length: 6 }, (_, w) =>
        (async () => {
          const mine = rng(1000 + w);
          for (let i = 0; i < 25; i++) {
            if (mine(4) === 0) {
              await makeOrder(db(), buyers[mine(3)]!, sellers[0]!.id, [{ skuId: sku, quantity: 1 }]);
            } else {
              // Each worker moves its own slice of orders, in transactions of two changes.
              const slice = ids.filter((_, j) => j % 6 === w);
              await db().transaction(async (tx) => {
                await transition(tx, slice[mine(slice.length)]!, mine, userIds);
                await transition(tx, slice[mine(slice.length)]!, mine, userIds);
              });
            }
          }
        })(),
      );
      // Two compactions at the same time as well.
      await Promise.all([...workers, compactOrderCounts(db()), compactOrderCounts(db())]);
      compacting = false;
      expect(await compactor).toBeGreaterThanOrEqual(2);
      const { recount, counters } = await recountAndCounters();
      expect(counters).toEqual(recount);
    },
  );

  it('the compaction is a recurring job: runs once per slot, schedules the next one', async () => {
    const now = new Date('2031-03-01T00:00:30Z');
    await ensureRecurringJobs(db(), now);
    await ensureRecurringJobs(db(), now); // a second instance starting: still one pending row
    const pending = () =>
      db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, ORDER_COUNTS_COMPACT_JOB), eq(jobs.status, 0)));
    const slot = nextSlot(ORDER_COUNTS_COMPACT_MS, now);
    expect((await pending()).map((j) => [j.refId, j.runAt.getTime()])).toEqual([
      [slot.refId, slot.runAt.getTime()],
    ]);
    await db()
      .insert(orderCounts)
      .values([
        { scope: 9, ownerId: 1, kind: 0, status: 0, n: 1 },
        { scope: 9, ownerId: 1, kind: 0, status: 0, n: 1 },
      ]);
    const due = new Date(slot.runAt.getTime() + 1000);
    // Other modules' recurring jobs may be due in the same batch: run until nothing more is due.
    let done = 0;
    for (let round = 0, r = 1; r > 0 && round < 20; round++) done += r = (await runDueJobs(db(), due)).done;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(await db().select({ n: orderCounts.n }).from(orderCounts).where(eq(orderCounts.scope, 9))).toEqual(
      [{ n: 2 }],
    );
    const later = nextSlot(ORDER_COUNTS_COMPACT_MS, due);
    expect((await pending()).map((j) => j.refId)).toEqual([later.refId]);
    // Running again in the same slot does not compact again (other modules' jobs — notices the events of earlier
    // tests produce — may still be finishing, so the runner's count is not the measure).
    await runDueJobs(db(), due);
    expect((await pending()).map((j) => j.refId)).toEqual([later.refId]);
    expect(
      await db().select({ k: jobs.kind }).from(jobs).where(and(eq(jobs.kind, ORDER_COUNTS_COMPACT_JOB), eq(jobs.refId, slot.refId), eq(jobs.status, 0))),
    ).toEqual([]);
    await db().delete(orderCounts).where(eq(orderCounts.scope, 9));
  });
});
