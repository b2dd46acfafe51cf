/**
 * `npm run bench:seed [-- --products 1000000]`: fills the PostgreSQL benchmark database (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/aquamall_bench; created when missing, demo-seeded when empty) up
 * to `--products` (or BENCH_PRODUCTS; default 100,000) on-sale products with varied Chinese names. Rows are
 * made in the database from the demo products (INSERT … SELECT over generate_series, 100,000 per statement):
 * the BEFORE trigger computes search_text as for any product, product_search is filled with the statement
 * the sync trigger runs per row, and the indexes are built once at the end.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, isEmpty, type Db } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { LocalStorage } from '../src/lib/storage.ts';
import { DEFAULT_BENCH_DATABASE_URL, ensureDatabase } from './server.ts';

const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
/** `--products N` (or BENCH_PRODUCTS) on-sale products; 100,000 by default. */
function productTarget(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  const raw =
    i < 0 ? process.env.BENCH_PRODUCTS : argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw ?? 100_000);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--products needs a positive whole number, not ${raw}`);
  return n;
}
const target = productTarget(process.argv.slice(2));
const BATCH = 100_000;

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

/**
 * Rows for the company-scoped workbench reads of `npm run bench` (20-row pages): 300 inbox messages for every
 * supplier company and 40 users in the first demo supplier's company (18800000002). Idempotent.
 */
async function seedWorkbenchRows(db: Db) {
  await db.execute(sql`insert into messages (company_id, type, title, content, link_path, read_at, created_at)
    select c.id, 'system', '询价单 ' || g || ' 有新的报价', '采购商更新了询价单，请及时查看并回复。', '/company/message',
      case when g % 3 = 0 then now() end, now() - make_interval(mins => g * 17)
    from companies c cross join generate_series(1, 300) as g
    where c.type = 2 and (select count(*) from messages m where m.company_id = c.id) < 300`);
  await db.execute(sql`insert into users (phone, password_hash, company_id)
    select '1990000' || lpad(g::text, 4, '0'), o.password_hash, o.company_id
    from users o cross join generate_series(1, 40) as g
    where o.phone = '18800000002' and (select count(*) from users x where x.company_id = o.company_id) < 40
    on conflict do nothing`);
}

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
    // Bulk load: one transaction that drops the secondary indexes of products and product_search and pauses
    // the per-row product_search sync, inserts every row, copies the visible ones into product_search in one
    // statement (what the trigger would have done row by row) and rebuilds the indexes once. Row by row with
    // the trigram index in place this took ~1.1 s per 1,000 rows on the 2-core machine.
    if (have < target)
      await db.transaction(async (tx) => {
        const indexes = rowsOf<{ name: string; def: string }>(
          await tx.execute(sql`select i.indexname as name, i.indexdef as def from pg_indexes i
          join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
          where i.schemaname = 'public' and i.tablename in ('products', 'product_search') and not x.indisunique`),
        );
        for (const ix of indexes) await tx.execute(sql.raw(`drop index ${ix.name}`));
        await tx.execute(sql`alter table products disable trigger aq_product_search_sync`);
        while (have < target) {
          const n = Math.min(BATCH, target - have + Math.ceil((target - have) / 19) + 1);
          const t0 = Date.now();
          // Every 20th generated row is off-sale, so the visibility filter has work to do.
          await tx.execute(sql`
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
          // Off-sale rows are every 20th generated one, so the on-sale count follows from g.
          have += n - (Math.floor(g / 20) - Math.floor((g - n) / 20));
          console.log(`  +${n} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s → ~${have} on sale`);
        }
        let t0 = Date.now();
        await tx.execute(sql`insert into product_search (product_id, search_text, sales_count, price, category_code,
          company_id, origin_province_code, origin_city_code, is_poverty_relief, created_at)
        select id, search_text, sales_count, price, category_code, company_id, origin_province_code, origin_city_code,
          is_poverty_relief, created_at
        from products where id > ${base} and status = 2 and shop_visible
        on conflict (product_id) do nothing`);
        await tx.execute(sql`alter table products enable trigger aq_product_search_sync`);
        console.log(`  product_search filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        t0 = Date.now();
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        for (const ix of indexes) await tx.execute(sql.raw(ix.def));
        console.log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      });
    have = await onSale();
    await db.execute(sql`drop table if exists bench_tpl`);
    await db.execute(sql`drop table if exists bench_shop`);
    await db.execute(sql`analyze products`);
    // Merges the GIN index's pending list (fast-update inserts), so the first searches are not the slow ones.
    await db.execute(sql`vacuum analyze product_search`);
    await seedWorkbenchRows(db);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${have} on-sale products`);
  } finally {
    await database.close();
  }
}

await main();
