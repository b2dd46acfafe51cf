/**
 * Orders benchmark (issue 12): `npm run bench:orders [-- --port=3222 --duration=10 --connections=10]`.
 * On PostgreSQL (DATABASE_URL, else TEST_DATABASE_URL, else the local server): a fresh database, the compiled
 * server started on it as in production (bench/server.ts), rows made with the test factories, requests over HTTP.
 *  (a) 200 concurrent buyers race for one SKU with 100 in stock, each wanting 1–3 (a refused buyer takes what is
 *      left): exactly 100 sold, nothing oversold, the SKU's on hand/reserved equal its ledger sums.
 *  (b) every submit is sent twice at once with its Idempotency-Key and replayed again afterwards: 0 duplicate
 *      orders, the same answer each time.
 *  (c) ample stock: orders per second and submit latency (p50/p99) with `--connections` buyers submitting in
 *      a loop for `--duration` seconds.
 * More parts (the order list at 100k orders, buy-orders) go into PARTS below; each gets the context.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { orderLines, orders, productSkus, stockLedger } from '../src/db/schema/index.ts';
import { makeAddress, makeOnSaleProduct, makePurchaser, makeSupplier } from '../src/test/factories/index.ts';
import {
  loadAverage,
  loopFor,
  parseNumberFlags,
  runOnFreshDatabase,
  submitCheckout,
  type Answer,
  type BenchBuyer as Buyer,
} from './lib.ts';
import { percentile } from './scratch.ts';

export interface OrdersBenchOptions {
  port: number;
  duration: number;
  connections: number;
  buyers: number;
  stock: number;
}

export interface Row {
  part: string;
  measure: string;
  value: string;
  ok: boolean | null;
}

/** What a part gets: the server's address, the database, and a way to sign in buyers with addresses. */
export interface OrdersBenchContext {
  url: string;
  database: Database;
  opts: OrdersBenchOptions;
  /** A new purchaser with a delivery address: its token and address id. */
  newBuyer(name: string): Promise<Buyer>;
  newSupplier(name: string): Promise<Awaited<ReturnType<typeof makeSupplier>>>;
}
export type OrdersBenchPart = (ctx: OrdersBenchContext) => Promise<Row[]>;

/** One checkout over HTTP (立即购买 of one SKU) at `unitPrice` and how long it took. */
const submit = (url: string, buyer: Buyer, key: string, skuId: number, quantity: number, unitPrice: number) =>
  submitCheckout(url, buyer, key, skuId, quantity, unitPrice * quantity);

async function available(url: string, productId: number, skuId: number): Promise<number> {
  const res = await fetch(`${url}/api/product/${productId}`);
  const body = (await res.json()) as { data: { skus: { sysNo: number; available: number }[] } };
  return body.data.skus.find((s) => s.sysNo === skuId)?.available ?? 0;
}

/** The SKU's figures and its ledger's sums. */
async function stockCheck(db: Database['db'], skuId: number) {
  const [s] = await db
    .select({ onHand: productSkus.onHand, reserved: productSkus.reserved })
    .from(productSkus)
    .where(eq(productSkus.id, skuId));
  const [l] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${stockLedger.onHandChange}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${stockLedger.reservedChange}), 0)::int`,
    })
    .from(stockLedger)
    .where(eq(stockLedger.skuId, skuId));
  const [sold] = await db
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .where(eq(orderLines.skuId, skuId));
  return { sku: s!, ledger: l!, sold: sold!.n };
}

/** A deterministic 1–3 per buyer, so runs compare. */
const wantOf = (i: number) => 1 + ((i * 7919) % 3);

/** (a) + (b): the race for 100 units, every submit sent twice at once and replayed afterwards. */
const raceAndRepeat: OrdersBenchPart = async (ctx) => {
  const { url, database, opts } = ctx;
  const db = database.db;
  const seller = await ctx.newSupplier('压测抢购供应商');
  const price = 10;
  const { productId, skuIds } = await makeOnSaleProduct(db, seller, {
    name: '压测抢购药剂',
    skus: [{ price, stock: opts.stock }],
  });
  const skuId = skuIds[0]!;
  const buyers: Buyer[] = [];
  for (let i = 0; i < opts.buyers; i++) buyers.push(await ctx.newBuyer(`压测买家${i}`));

  const accepted: { buyer: Buyer; key: string; quantity: number; answer: Answer }[] = [];
  let refused = 0;
  let retried = 0;
  let mismatchedTwins = 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (buyer, i) => {
      let want = wantOf(i);
      for (;;) {
        const key = crypto.randomUUID();
        // The same submit twice at once (a double click, a retried request): one order, one answer.
        const [one, two] = await Promise.all([
          submit(url, buyer, key, skuId, want, price),
          submit(url, buyer, key, skuId, want, price),
        ]);
        // A refusal is not stored (its transaction rolled back), so only an accepted twin must be answered alike.
        if (
          (one.answer.code === 0 || two.answer.code === 0) &&
          JSON.stringify(one.answer) !== JSON.stringify(two.answer)
        )
          mismatchedTwins++;
        const won = one.answer.code === 0 ? one : two.answer.code === 0 ? two : null;
        if (won) {
          accepted.push({ buyer, key, quantity: want, answer: won.answer });
          return;
        }
        refused++;
        if (!one.answer.message.includes('库存不足'))
          throw new Error(`unexpected refusal: ${one.answer.message}`);
        const left = await available(url, productId, skuId);
        if (left <= 0) return;
        // Take what is left.
        want = Math.min(want, left);
        retried++;
      }
    }),
  );
  const raceMs = performance.now() - started;
  const check = await stockCheck(db, skuId);
  const soldByAnswers = accepted.reduce((s, a) => s + a.quantity, 0);
  const rows: Row[] = [
    { part: '(a) race', measure: `buyers / stock`, value: `${opts.buyers} / ${opts.stock}`, ok: null },
    {
      part: '(a) race',
      measure: 'sold (order lines)',
      value: String(check.sold),
      ok: check.sold === opts.stock,
    },
    {
      part: '(a) race',
      measure: 'sold (accepted answers)',
      value: String(soldByAnswers),
      ok: soldByAnswers === check.sold,
    },
    {
      part: '(a) race',
      measure: 'accepted / refused 库存不足 / retried with what was left',
      value: `${accepted.length} / ${refused} / ${retried}`,
      ok: null,
    },
    {
      part: '(a) race',
      measure: 'SKU on hand, reserved',
      value: `${check.sku.onHand}, ${check.sku.reserved}`,
      ok: check.sku.onHand === opts.stock && check.sku.reserved === check.sold,
    },
    {
      part: '(a) race',
      measure: 'ledger on hand, reserved',
      value: `${check.ledger.onHand}, ${check.ledger.reserved}`,
      ok: check.ledger.onHand === check.sku.onHand && check.ledger.reserved === check.sku.reserved,
    },
    { part: '(a) race', measure: 'wall time', value: `${(raceMs / 1000).toFixed(1)} s`, ok: null },
  ];

  // (b) Replay every accepted submit with its key: the stored answer, no new order.
  const before = (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.sellerCompanyId, seller.id))
  )[0]!.n;
  let differentAnswers = 0;
  await Promise.all(
    accepted.map(async (a) => {
      const again = await submit(url, a.buyer, a.key, skuId, a.quantity, price);
      if (JSON.stringify(again.answer.data) !== JSON.stringify(a.answer.data)) differentAnswers++;
    }),
  );
  const after = (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.sellerCompanyId, seller.id))
  )[0]!.n;
  const duplicates = after - accepted.length;
  rows.push(
    {
      part: '(b) repeats',
      measure: 'submits sent twice at once, answers that differed',
      value: String(mismatchedTwins),
      ok: mismatchedTwins === 0,
    },
    {
      part: '(b) repeats',
      measure: 'replays after the race, answers that differed',
      value: String(differentAnswers),
      ok: differentAnswers === 0,
    },
    {
      part: '(b) repeats',
      measure: 'orders before / after replay; duplicates',
      value: `${before} / ${after}; ${duplicates}`,
      ok: duplicates === 0 && before === after,
    },
  );
  return rows;
};

/**
 * (c) Ample stock: orders/second and submit latency over HTTP. `oneSku`: every buyer orders the same SKU (its
 * row lock serialises the orders); otherwise each buyer orders a product of its own from the same supplier
 * (what they share is the supplier: its tab counters, decision 0113).
 */
const throughputOf =
  (oneSku: boolean): OrdersBenchPart =>
  async (ctx) => {
    const { url, database, opts } = ctx;
    const seller = await ctx.newSupplier(oneSku ? '压测吞吐供应商' : '压测分散供应商');
    const price = 25;
    const buyers: Buyer[] = [];
    const skuOf: number[] = [];
    for (let i = 0; i < opts.connections; i++) {
      buyers.push(await ctx.newBuyer(`${oneSku ? '吞吐' : '分散'}买家${i}`));
      if (oneSku && i > 0) skuOf.push(skuOf[0]!);
      else
        skuOf.push(
          (
            await makeOnSaleProduct(database.db, seller, {
              name: '压测吞吐药剂',
              skus: [{ price, stock: 10_000_000 }],
            })
          ).skuIds[0]!,
        );
    }
    const part = oneSku ? '(c) one SKU' : '(c) SKU per buyer';
    // Warm-up: a few orders each (JIT, pool).
    await Promise.all(buyers.map((b, i) => submit(url, b, crypto.randomUUID(), skuOf[i]!, 1, price)));
    const latencies: number[] = [];
    let errors = 0;
    const seconds = await loopFor(buyers.length, opts.duration, async (i) => {
      const { answer, ms } = await submit(
        url,
        buyers[i]!,
        crypto.randomUUID(),
        skuOf[i]!,
        1 + (latencies.length % 5),
        price,
      );
      if (answer.code === 0) latencies.push(ms);
      else errors++;
    });
    const sorted = [...latencies].sort((a, b) => a - b);
    return [
      {
        part,
        measure: `connections × seconds`,
        value: `${opts.connections} × ${opts.duration}`,
        ok: null,
      },
      {
        part,
        measure: 'orders / second',
        value: (latencies.length / seconds).toFixed(1),
        ok: null,
      },
      {
        part,
        measure: 'submit latency p50 / p99',
        value: `${percentile(sorted, 50).toFixed(0)} ms / ${percentile(sorted, 99).toFixed(0)} ms`,
        ok: null,
      },
      { part, measure: 'errors', value: String(errors), ok: errors === 0 },
    ];
  };

/** The parts in order. buy-orders adds (d) the order list at 100k orders here (an OrdersBenchPart). */
export const PARTS: OrdersBenchPart[] = [raceAndRepeat, throughputOf(true), throughputOf(false)];

export function formatRows(rows: Row[]): string {
  const w = [16, 56, 24];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w[0]!)} ${b.padEnd(w[1]!)} ${c.padEnd(w[2]!)} ${d}`;
  return [
    line('part', 'measure', 'value', 'check'),
    line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '-----'),
    ...rows.map((r) => line(r.part, r.measure, r.value, r.ok === null ? '' : r.ok ? 'ok' : 'FAILED')),
  ].join('\n');
}

const opts: OrdersBenchOptions = parseNumberFlags(process.argv.slice(2), {
  port: 3192,
  duration: 10,
  connections: 10,
  buyers: 200,
  stock: 100,
});
// A fresh database of its own, without the demo seed: the bench makes exactly the rows it measures.
await runOnFreshDatabase('aquamall_bench_orders', opts.port, async ({ url, database, name }) => {
  const ctx: OrdersBenchContext = {
    url,
    database,
    opts,
    newSupplier: (n) => makeSupplier(database.db, n),
    newBuyer: async (n) => {
      const b = await makePurchaser(database.db, n);
      return {
        token: b.token,
        companyId: b.companyId,
        addressId: await makeAddress(database.db, b.companyId),
      };
    },
  };
  console.log(
    `Orders bench: PostgreSQL database ${name}, server at ${url}; ${os.availableParallelism()} CPU(s), load average ${loadAverage()}\n`,
  );
  const rows: Row[] = [];
  for (const part of PARTS) rows.push(...(await part(ctx)));
  console.log(formatRows(rows));
  const ok = rows.every((r) => r.ok !== false);
  console.log(`\n${ok ? 'all checks passed' : 'SOME CHECKS FAILED'}; load average after: ${loadAverage()}`);
  return ok;
});
