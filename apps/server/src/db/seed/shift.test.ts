import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../lib/storage.ts';
import { openDatabase, type Database } from '../client.ts';
import { seedDemo } from './index.ts';
import { chinaDaysBetween, dateColumns, NOT_SHIFTED, SHIFTED_COLUMNS, shiftDemoDates } from './shift.ts';

// Decision 0213: a demo template seeded on an earlier China day is moved to today by one pass over a declared
// list of date columns.

const opened: Database[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function fresh(): Promise<Database> {
  const d = await openDatabase({});
  opened.push(d);
  return d;
}

const rows = async <T>(d: Database, q: ReturnType<typeof sql>) =>
  ((await d.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('the declared date columns', () => {
  it('name every date and timestamp column of the schema, shifted or excluded with a reason, and nothing else', async () => {
    const d = await fresh();
    const inSchema = (await dateColumns(d.db)).map((c) => `${c.table_name}.${c.column_name}`);
    const declared = Object.entries(SHIFTED_COLUMNS).flatMap(([t, cols]) => cols.map((c) => `${t}.${c}`));
    const excluded = Object.keys(NOT_SHIFTED);
    // A new column in neither list fails here: declare it in SHIFTED_COLUMNS or give NOT_SHIFTED a reason.
    expect(inSchema.filter((c) => !declared.includes(c) && !excluded.includes(c))).toEqual([]);
    // Names that are not (or no longer) date columns of the schema.
    expect([...declared, ...excluded].filter((c) => !inSchema.includes(c))).toEqual([]);
    expect(declared.filter((c) => excluded.includes(c))).toEqual([]);
    expect(inSchema.length).toBeGreaterThan(150);
  });

  it('counts whole China days between two days, across months and years', () => {
    expect(chinaDaysBetween('2026-11-27', '2026-11-27')).toBe(0);
    expect(chinaDaysBetween('2026-11-27', '2026-11-30')).toBe(3);
    expect(chinaDaysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(chinaDaysBetween('2026-12-01', '2026-11-30')).toBe(-1);
  });
});

/** Every declared column's values (epoch milliseconds, or the day), sorted: a multiset per column. */
async function dateValues(d: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [table, cols] of Object.entries(SHIFTED_COLUMNS)) {
    for (const c of cols) {
      const vals = await rows<{ v: string }>(
        d,
        sql`select ${sql.identifier(c)}::text as v from ${sql.identifier(table)} where ${sql.identifier(c)} is not null`,
      );
      if (vals.length) out[`${table}.${c}`] = vals.map((r) => r.v).sort();
    }
  }
  return out;
}

/**
 * The report rollups as their readers see them (groups whose order count sums to 0 are ignored), and the same
 * figures counted from the orders themselves (paid, not cancelled, not a replacement: decisions 0132, 0133).
 */
async function rollups(d: Database): Promise<{ kept: Record<string, string[]>; counted: Record<string, string[]> }> {
  const counted = "o.paid_at is not null and o.status <> 6 and o.parent_order_id is null";
  const day = (c: string) => `((${c}) at time zone 'Asia/Shanghai')::date`;
  const month = `date_trunc('month', o.paid_at at time zone 'Asia/Shanghai')::date`;
  const q = {
    days: [
      `select seller_company_id || ' ' || day || ' ' || buyer_company_id || ' ' || order_count || ' ' || amount from report_order_days where order_count <> 0`,
      `select o.seller_company_id || ' ' || ${day('o.paid_at')} || ' ' || o.buyer_company_id || ' ' || count(*) || ' ' || sum(o.total_amount) from orders o where ${counted} group by o.seller_company_id, ${day('o.paid_at')}, o.buyer_company_id`,
    ],
    shipped: [
      `select seller_company_id || ' ' || day || ' ' || buyer_company_id || ' ' || order_count || ' ' || amount from report_shipped_days where order_count <> 0`,
      `select o.seller_company_id || ' ' || ${day('o.first_shipped_at')} || ' ' || o.buyer_company_id || ' ' || count(*) || ' ' || sum(o.total_amount) from orders o where o.first_shipped_at is not null and o.status <> 6 and o.parent_order_id is null group by o.seller_company_id, ${day('o.first_shipped_at')}, o.buyer_company_id`,
    ],
    products: [
      `select seller_company_id || ' ' || month || ' ' || buyer_company_id || ' ' || product_id || ' ' || quantity || ' ' || amount from report_product_months where order_count <> 0 and product_id <> 0`,
      `select o.seller_company_id || ' ' || ${month} || ' ' || o.buyer_company_id || ' ' || l.product_id || ' ' || sum(l.quantity) || ' ' || sum(l.amount) from orders o join order_lines l on l.order_id = o.id where ${counted} and l.product_id is not null group by o.seller_company_id, ${month}, o.buyer_company_id, l.product_id`,
    ],
    categories: [
      `select seller_company_id || ' ' || month || ' ' || buyer_company_id || ' ' || sum(quantity) || ' ' || sum(amount) from report_category_months where order_count <> 0 group by seller_company_id, month, buyer_company_id`,
      `select o.seller_company_id || ' ' || ${month} || ' ' || o.buyer_company_id || ' ' || sum(l.quantity) || ' ' || sum(l.amount) from orders o join order_lines l on l.order_id = o.id where ${counted} group by o.seller_company_id, ${month}, o.buyer_company_id`,
    ],
  };
  const kept: Record<string, string[]> = {};
  const fromOrders: Record<string, string[]> = {};
  const list = async (text: string) =>
    (await rows<{ v: string }>(d, sql.raw(`select v from (${text}) x(v)`))).map((r) => r.v).sort();
  for (const [k, [a, b]] of Object.entries(q)) {
    kept[k] = await list(a);
    fromOrders[k] = await list(b);
  }
  return { kept, counted: fromOrders };
}

/** Date columns the migrations fill with the database's clock (see below). */
const DATABASE_CLOCK = ['search_synonyms.updated_at'];

describe('a template seeded 3 days ago, shifted', () => {
  it('has the dates and report figures of a seed run today', { timeout: 600_000 }, async () => {
    // Today 10:00 in China, at the start of a month so the rollups cross a month boundary.
    const today = new Date('2026-12-02T02:00:00Z');
    const threeDaysAgo = new Date(today.getTime() - 3 * 86_400_000);
    const seedAt = async (moment: Date) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-shift-'));
      dirs.push(dir);
      const d = await fresh();
      // The seed's use cases read the clock as well as `now`: the template was made at its moment.
      vi.useFakeTimers({ toFake: ['Date'], now: moment });
      try {
        await seedDemo(d.db, new LocalStorage(dir), { now: moment });
      } finally {
        vi.useRealTimers();
      }
      return d;
    };
    const template = await seedAt(threeDaysAgo);
    const before = await dateValues(template);
    await shiftDemoDates(template.db, chinaDaysBetween('2026-11-29', '2026-12-02'));
    const todays = await seedAt(today);

    const shifted = await dateValues(template);
    const seeded = await dateValues(todays);
    // Something moved at all (the comparison below would also hold for two unshifted seeds of the same day).
    expect(Object.keys(shifted).length).toBeGreaterThan(40);
    expect(shifted['orders.created_at']).not.toEqual(before['orders.created_at']);
    const differing = Object.keys({ ...shifted, ...seeded }).filter(
      (k) => !DATABASE_CLOCK.includes(k) && JSON.stringify(shifted[k]) !== JSON.stringify(seeded[k]),
    );
    expect(differing).toEqual([]);
    // Rows the migrations write with the database's clock (`now()`), which a test cannot set back: both
    // databases here were migrated at the same real moment, so the template's values before the shift are
    // today's seed's (a real template, migrated 3 days ago, has them 3 days back, and the shift brings them here).
    for (const k of DATABASE_CLOCK) {
      const near = (a: string[] = [], b: string[] = []) =>
        a.length === b.length && a.every((v, i) => Math.abs(Date.parse(v) - Date.parse(b[i]!)) < 10 * 60_000);
      expect(near(before[k], seeded[k]), k).toBe(true);
      expect(shifted[k]?.map((v) => Date.parse(v))).toEqual(before[k]?.map((v) => Date.parse(v) + 3 * 86_400_000));
    }
    // The report rollups moved with the orders (a month boundary crossed: 11-29 → 12-02): the figures kept
    // are those counted from the shifted orders, and as many groups as today's seed has.
    const { kept, counted } = await rollups(template);
    expect(kept.days!.length).toBeGreaterThan(20);
    expect(kept).toEqual(counted);
    const todaysRollups = await rollups(todays);
    expect(todaysRollups.kept).toEqual(todaysRollups.counted);
    for (const k of Object.keys(kept)) expect(kept[k]!.length, k).toBe(todaysRollups.kept[k]!.length);
  });
});
