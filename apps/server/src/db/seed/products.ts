import { eq } from 'drizzle-orm';
import { storedDescription } from '../../modules/products/index.ts';
import { companies, products, type PriceTier } from '../schema/index.ts';
import type { Db } from '../client.ts';
import type { SeededLeaf } from './categories.ts';
import type { SeededCompany } from './companies.ts';
import { familyImages } from './images.ts';
import { productDescription } from './product-text.ts';
import { daysAgo, type Random } from './random.ts';

/** Leaves that match the spec's hot keywords get more listings, so searches for them look busy. */
const HOT = new Set(['聚合氯化铝', '聚合硫酸铁', '乙酸钠', '复合碳源', '除磷剂', '除氧剂', '阴离子聚丙烯酰胺', '离心泵']);
const BULK_UNITS = new Set(['吨', '千克', '立方米']);
/** Model-number prefixes by brand, as a Chinese supplier would write them (pinyin initials). */
const BRAND_CODES: Record<string, string> = {
  清源: 'QY', 蓝海: 'LH', 华禹: 'HY', 碧泉: 'BQ', 沪东: 'HD', 津滨: 'JB', 润仪: 'RY', 粤海环境: 'YHE',
  塞上: 'SS', 楚天: 'CT', 三江: 'SJ', 川塑: 'CS', 环宇: 'HYU', 皖江: 'WJ', 桂南: 'GN',
};

type ProductRow = typeof products.$inferInsert;

function money(v: number): number {
  return v >= 1000 ? Math.round(v / 10) * 10 : Math.round(v * 100) / 100;
}

const LIQUID = new Set(['drum', 'bottles']);
const LOOSE = new Set(['powder', 'granules', 'grain']);

/** Appearance and packing follow the product's form (liquid in drums, solids in bags). */
function byForm(attr: string, kind: string, rnd: Random): string {
  const liquid = LIQUID.has(kind);
  if (attr === '外观') return liquid ? rnd.pick(['无色透明液体', '淡黄色透明液体']) : kind === 'granules' ? '颗粒状固体' : rnd.pick(['白色粉末', '淡黄色粉末']);
  return liquid ? rnd.pick(['25kg/桶', '200kg/桶', '1吨/IBC桶']) : rnd.pick(['25kg/袋', '50kg/袋', '1吨/吨袋']);
}

function minOrderFor(unit: string, rnd: Random): number {
  if (unit === '米') return rnd.pick([50, 100, 200]);
  if (unit === '个' || unit === '片' || unit === '盒') return rnd.pick([1, 5, 10]);
  if (unit === '吨') return rnd.pick([1, 1, 2, 5]);
  return 1;
}

function tiers(price: number, minOrder: number, rnd: Random): PriceTier[] {
  if (!rnd.chance(0.6)) return [];
  return [
    { minQty: minOrder, price },
    { minQty: minOrder * 5, price: money(price * 0.97) },
    { minQty: minOrder * 20, price: money(price * 0.93) },
  ];
}

function productRow(leaf: SeededLeaf, supplier: SeededCompany, k: number, rnd: Random, now: Date): ProductRow {
  const { def, top } = leaf;
  const baseName = def.names[k % def.names.length] as string;
  // Names and specs are listed in matching order, so listing k pairs them sensibly.
  const spec = def.specs[k % def.specs.length] as string;
  const own = familyImages(def.kind, def.palettes);
  const main = rnd.pick(own);
  // A gallery: the product, its other colourways, and for loose goods the sack they ship in.
  const packing = LOOSE.has(def.kind) ? [rnd.pick(familyImages('bag'))] : familyImages(def.kind).filter((k) => !own.includes(k));
  const gallery = [...new Set([main, ...own, ...packing])].slice(0, 3);
  const price = money(rnd.float(def.price[0], def.price[1]));
  const minOrder = minOrderFor(def.unit, rnd);
  const origin = supplier.def.area[3].split(' ').slice(0, 2).join(' ');
  const brand = supplier.def.brand;
  const model = `${BRAND_CODES[brand] ?? 'AQ'}-${leaf.code.slice(2)}${String(k + 1).padStart(2, '0')}`;
  const attributes = [
    { name: '品牌', value: brand },
    { name: '型号', value: model },
    { name: '规格', value: spec },
    { name: '产地', value: origin },
    ...top.attrs.map(([name, values]) => ({ name, value: values.length ? rnd.pick(values) : byForm(name, def.kind, rnd) })),
  ];
  const poverty = supplier.def.povertyRelief ? rnd.chance(0.8) : BULK_UNITS.has(def.unit) && rnd.chance(0.06);
  const created = daysAgo(now, rnd.int(1, 320), rnd);
  const name = `${baseName} ${spec}`;
  return {
    companyId: supplier.id,
    categoryId: leaf.id,
    categoryCode: leaf.code,
    name,
    brand,
    model,
    spec,
    unit: def.unit,
    price: price.toFixed(2),
    priceTiers: tiers(price, minOrder, rnd),
    stock: BULK_UNITS.has(def.unit) ? rnd.int(20, 3000) : rnd.int(5, 800),
    minOrder,
    images: gallery,
    defaultImage: main,
    attributes,
    // Stored as every write stores a description (sanitised, stamped): the start-up pass has nothing to redo.
    ...storedDescription(productDescription({ name, leaf: def, top, spec, companyName: supplier.def.name, attributes, image: main })),
    status: 2,
    isPovertyRelief: poverty,
    salesCount: Math.floor(rnd.next() ** 3 * 3000),
    originProvinceCode: supplier.def.area[0],
    originCityCode: supplier.def.area[1],
    originName: origin,
    createdAt: created,
    updatedAt: created,
  };
}

/**
 * Inserts the catalogue: 3 listings per leaf category (5 for hot keywords), each from a supplier that sells
 * in that branch, plus a few drafts / pending / off-sale listings of the demo supplier for the workbench.
 */
export async function seedProducts(db: Db, leaves: SeededLeaf[], suppliers: SeededCompany[], rnd: Random, now: Date) {
  const rows: ProductRow[] = [];
  for (const leaf of leaves) {
    const sellers = suppliers.filter((s) => s.def.tops.includes(leaf.top.name));
    if (sellers.length === 0) throw new Error(`no supplier sells ${leaf.top.name}`);
    const count = HOT.has(leaf.def.name) ? 5 : 3;
    for (let k = 0; k < count; k++) rows.push(productRow(leaf, sellers[(k + rnd.int(0, sellers.length - 1)) % sellers.length]!, k, rnd, now));
  }
  const demo = suppliers.find((s) => s.def.phone === '18800000002')!;
  const demoLeaves = leaves.filter((l) => demo.def.tops.includes(l.top.name));
  [0, 0, 1, 1, 3, 3].forEach((status, i) => {
    const row = productRow(demoLeaves[(i * 7) % demoLeaves.length]!, demo, i, rnd, now);
    rows.push({ ...row, status, salesCount: status === 3 ? row.salesCount : 0, takenDownReason: status === 3 ? '季节性停产' : null });
  });
  const inserted = await db
    .insert(products)
    .values(rows)
    .returning({ id: products.id, companyId: products.companyId, status: products.status, salesCount: products.salesCount, categoryCode: products.categoryCode });

  // Shop floors: best sellers first, then one floor per branch the shop sells in.
  // One at a time: inside a transaction the statements share a single connection.
  for (const s of suppliers) {
    const own = inserted.filter((p) => p.companyId === s.id && p.status === 2).sort((a, b) => b.salesCount - a.salesCount);
    const floors = [{ title: '热销推荐', productIds: own.slice(0, 8).map((p) => p.id) }];
    for (const top of s.def.tops) {
      const topCode = leaves.find((l) => l.top.name === top)?.code.slice(0, 2);
      const ids = own.filter((p) => p.categoryCode.startsWith(topCode ?? '--')).map((p) => p.id);
      if (ids.length) floors.push({ title: top, productIds: ids.slice(0, 8) });
    }
    await db.update(companies).set({ shopFloors: floors }).where(eq(companies.id, s.id));
  }
  return inserted;
}
