/**
 * `npm run bench:seed`: fills the PostgreSQL benchmark database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/aquamall_bench; created when missing, demo-seeded when empty) up to
 * BENCH_PRODUCTS (default 100,000) on-sale products with varied Chinese names. Rows are made in the database
 * from the demo products (INSERT … SELECT over generate_series, 10,000 per statement), so the search triggers
 * (migrations 0006–0013) index every row exactly as they would a product written by the application.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, isEmpty } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { LocalStorage } from '../src/lib/storage.ts';
import { DEFAULT_BENCH_DATABASE_URL, ensureDatabase } from './server.ts';

const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
const target = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BATCH = 10_000;

const PREFIXES = [
  '',
  '优质',
  '工业级',
  '国标',
  '高纯度',
  '厂家直销',
  '现货供应',
  '批发',
  '新型',
  '环保型',
  '食品级',
  '高效',
  '进口',
  '国产',
  '特级',
  '水处理用',
  '污水处理',
  '净水',
  '重型',
  '耐腐蚀',
];
const SUFFIXES = [
  '',
  '25kg/袋',
  '1吨装',
  '吨包',
  '桶装',
  '含税价',
  '量大从优',
  '包邮',
  '华东仓',
  '华南仓',
  '西南仓',
  '可定制',
  '现货',
  '质保两年',
  '整车发货',
  '出厂价',
  '第二代',
  'A型',
  'B型',
  'Plus',
];
const BRANDS = [
  '蓝天',
  '巩义',
  '净源',
  '清泉',
  '华禹',
  '中环',
  '碧水',
  '康达',
  '恒力',
  '东方',
  '海川',
  '润泽',
  '德隆',
  '鑫源',
  '宏达',
  '天成',
  '金山',
  '汇通',
  '绿洲',
  '博远',
];

const arr = (xs: string[]) =>
  sql`ARRAY[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function main() {
  await ensureDatabase(url);
  const database = await openDatabase({ url, poolSize: 2 });
  const db = database.db;
  try {
    if (await isEmpty(db)) {
      console.log('empty benchmark database: seeding the demo data first …');
      await seedDemo(db, new LocalStorage(path.join(os.tmpdir(), 'aquamall-bench-pg-data', 'files')));
    }
    const onSale = async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from products where status = 2`),
      )[0]!.n;
    let have = await onSale();
    console.log(`on-sale products: ${have}; target ${target}`);
    const started = Date.now();
    await db.execute(sql`drop table if exists bench_tpl`);
    await db.execute(sql`create unlogged table bench_tpl as
      select row_number() over (order by p.id) as rn, p.* from products p where p.status = 2`);
    await db.execute(sql`drop table if exists bench_shop`);
    await db.execute(sql`create unlogged table bench_shop as
      select row_number() over (order by c.id) as rn, c.id from companies c where c.type = 2 and c.shop_open and not c.disabled`);
    const [{ tpl, shops }] = rowsOf<{ tpl: number; shops: number }>(
      await db.execute(
        sql`select (select count(*)::int from bench_tpl) as tpl, (select count(*)::int from bench_shop) as shops`,
      ),
    ) as [{ tpl: number; shops: number }];
    if (!tpl || !shops) throw new Error('no on-sale demo products or open shops to copy from');
    const [{ base }] = rowsOf<{ base: number }>(
      await db.execute(sql`select coalesce(max(id), 0)::int as base from products`),
    ) as [{ base: number }];
    let g = base;
    while (have < target) {
      const n = Math.min(BATCH, Math.ceil((target - have) * 1.06));
      const t0 = Date.now();
      // Every 20th generated row is off-sale, so the visibility filter has work to do.
      await db.execute(sql`
        insert into products (company_id, category_id, category_code, name, brand, model, spec, unit, price, price_tiers, stock,
          min_order, images, default_image, attributes, description, status, is_poverty_relief, sales_count,
          origin_province_code, origin_city_code, origin_name, created_at, updated_at)
        select s.id, t.category_id, t.category_code,
          left(trim(both ' ' from (${arr(PREFIXES)})[(1 + (g * 7) % ${PREFIXES.length})::int] || ' ' || t.name || ' ' || (${arr(SUFFIXES)})[(1 + (g * 13) % ${SUFFIXES.length})::int]), 120),
          (${arr(BRANDS)})[(1 + (g * 17) % ${BRANDS.length})::int], t.model || '-' || (g % 997), t.spec, t.unit,
          round((t.price * (0.6 + ((g * 37) % 100) / 100.0))::numeric, 2), t.price_tiers, ((g * 53) % 5000)::int,
          t.min_order, t.images, t.default_image, t.attributes, '', case when g % 20 = 0 then 3 else 2 end,
          (g % 40 = 0), ((g * 7919) % 3000)::int, t.origin_province_code, t.origin_city_code, t.origin_name,
          now() - make_interval(mins => ((g * 104729) % 1051200)::int), now()
        from generate_series(${g + 1}::bigint, ${g + n}::bigint) as g
        join bench_tpl t on t.rn = 1 + (g * 31) % ${tpl}
        join bench_shop s on s.rn = 1 + (g * 11) % ${shops}`);
      g += n;
      have = await onSale();
      console.log(`  +${n} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${have} on sale`);
    }
    await db.execute(sql`drop table if exists bench_tpl`);
    await db.execute(sql`drop table if exists bench_shop`);
    await db.execute(sql`analyze products`);
    // Merges the GIN index's pending list (fast-update inserts), so the first searches are not the slow ones.
    await db.execute(sql`vacuum analyze product_search`);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${have} on-sale products`);
  } finally {
    await database.close();
  }
}

await main();
