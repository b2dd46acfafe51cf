import { loadExcel } from '../../lib/lazy.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  ProductStatus,
  productImportInput,
  type ProductImportParsed,
  type ProductInput,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, categoryAttributes, files, productSkus } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { markSheet, readSheet } from '../../lib/sheets.ts';
import { areaTree } from '../enums/index.ts';
import { prepareContent, type CategoryRulesCache } from './product-content.ts';
import type { NewProduct } from './product-save.ts';

/**
 * The product import's spreadsheet (issue 11): the template, reading a filled one, checking every row with the
 * editor's rules (the shared `productImportInput` schema and `prepareContent`), and marking a refused file's
 * rows with their errors. One row per SKU; rows with the same 商品标识 are one product.
 */

type Level = 'product' | 'sku';
interface Column {
  key: string;
  header: string;
  level: Level;
  required?: boolean;
  width: number;
  note: string;
}

export const IMPORT_SHEET = '商品导入';
export const ERROR_HEADER = '错误信息';

/** The template's columns, in order. Headers identify columns, so a user may reorder them. */
export const IMPORT_COLUMNS: readonly Column[] = [
  {
    key: 'group',
    header: '商品标识',
    level: 'product',
    width: 12,
    note: '同一商品的多行（多个规格）填相同的标识，如 P1；留空则每行是一个单规格商品',
  },
  {
    key: 'category',
    header: '分类编码',
    level: 'product',
    required: true,
    width: 12,
    note: '三级分类的编码，见「分类编码」表；也可填三级分类名称',
  },
  { key: 'name', header: '商品名称', level: 'product', required: true, width: 30, note: '2-120个字' },
  { key: 'brand', header: '品牌', level: 'product', width: 12, note: '最多60个字' },
  { key: 'model', header: '型号', level: 'product', width: 12, note: '最多60个字' },
  {
    key: 'unit',
    header: '销售单位',
    level: 'product',
    required: true,
    width: 10,
    note: '如 吨、袋、台，最多10个字',
  },
  { key: 'minOrder', header: '最小起订量', level: 'product', width: 10, note: '正整数，默认1' },
  { key: 'leadTime', header: '交货期（天）', level: 'product', width: 10, note: '0-365的整数，默认0' },
  {
    key: 'origin',
    header: '产地',
    level: 'product',
    width: 16,
    note: '省份和城市，空格分隔，如：江苏省 南京市',
  },
  { key: 'relief', header: '消费扶贫', level: 'product', width: 10, note: '是 / 否，默认否' },
  {
    key: 'attributes',
    header: '商品参数',
    level: 'product',
    width: 30,
    note: '参数名:参数值，多项用分号分隔，如 执行标准:GB/T 22627;材质:PE；分类的必填参数须填写',
  },
  {
    key: 'images',
    header: '图片地址',
    level: 'product',
    width: 30,
    note: '已上传到本企业图片库的图片地址，多张用分号分隔，最多5张；可留空，导入后在编辑页上传（提交审核须至少一张）',
  },
  { key: 'description', header: '商品描述', level: 'product', width: 30, note: '纯文本或HTML，最多50000字' },
  {
    key: 'code',
    header: '规格编码',
    level: 'sku',
    required: true,
    width: 16,
    note: '1-40位字母、数字、点、横线或下划线，本企业内不能重复',
  },
  {
    key: 'specs',
    header: '规格值',
    level: 'sku',
    width: 24,
    note: '规格名:规格值，多项用分号分隔，如 含量:30%;包装:25kg袋；同一商品的各规格组合不能重复',
  },
  {
    key: 'price',
    header: '单价（元）',
    level: 'sku',
    required: true,
    width: 12,
    note: '大于0，最多两位小数',
  },
  {
    key: 'tiers',
    header: '阶梯价',
    level: 'sku',
    width: 20,
    note: '起订数量:单价，多档用分号分隔，如 10:95;50:90；数量递增、单价递减且低于单价，最多5档',
  },
  { key: 'stock', header: '期初库存', level: 'sku', width: 10, note: '不小于0的整数，默认0' },
  { key: 'lowStock', header: '预警库存', level: 'sku', width: 10, note: '不小于0的整数，默认0（不预警）' },
];
const COLUMN_BY_KEY = new Map(IMPORT_COLUMNS.map((c) => [c.key, c]));
const headerOf = (key: string) => COLUMN_BY_KEY.get(key)?.header ?? key;
/** Where a field of the editor's schema comes from in the sheet (for the column name in a message). */
const FIELD_COLUMN: Record<string, string> = {
  categoryId: 'category',
  name: 'name',
  brand: 'brand',
  model: 'model',
  unit: 'unit',
  minOrder: 'minOrder',
  leadTimeDays: 'leadTime',
  originProvinceCode: 'origin',
  originCityCode: 'origin',
  isPovertyRelief: 'relief',
  attributes: 'attributes',
  images: 'images',
  description: 'description',
  code: 'code',
  specValues: 'specs',
  price: 'price',
  priceTiers: 'tiers',
  stock: 'stock',
  lowStock: 'lowStock',
};

// ---- Template ----

/** The template: the import sheet with its headers, the instructions and the category codes with their parameters. */
export async function buildTemplate(db: Db): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet(IMPORT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: c.required ? `${c.header}` : c.header,
    key: c.key,
    width: c.width,
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    cell.fill = {
      type: 'pattern',
      pattern: 'solid',
      fgColor: { argb: c.required ? 'FFFFE7BA' : 'FFF0F0F0' },
    };
    cell.note = `${c.required ? '必填。' : ''}${c.note}`;
  });
  for (const c of IMPORT_COLUMNS.filter(
    (x) =>
      x.key === 'price' ||
      x.key === 'stock' ||
      x.key === 'lowStock' ||
      x.key === 'minOrder' ||
      x.key === 'leadTime',
  )) {
    sheet.getColumn(c.key).numFmt = c.key === 'price' ? '0.00' : '0';
  }

  const help = wb.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', key: 'header', width: 16 },
    { header: '是否必填', key: 'required', width: 10 },
    { header: '填写说明', key: 'note', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of IMPORT_COLUMNS)
    help.addRow({ header: c.header, required: c.required ? '必填' : '选填', note: c.note });
  help.addRow({});
  for (const line of [
    '1. 在「商品导入」表中每行填写一个规格（SKU）；同一商品的多个规格填写相同的「商品标识」，商品信息（分类、名称、单位等）以该商品的第一行为准，其余行可留空。',
    `2. 每次最多导入${IMPORT_MAX_ROWS}行，文件须为 .xlsx 格式且不超过5MB；请勿修改表头。`,
    '3. 导入前会按与商品编辑页相同的规则校验每一行；只要有一行有错误，整个文件都不会导入，并可下载标注了错误原因（红色）的文件，修改后重新上传。',
    '4. 导入的商品默认保存为草稿；勾选「导入后提交审核」则直接提交平台审核（须已通过入驻审核，且每个商品至少有一张图片）。',
    '5. 期初库存会记入库存流水（期初库存）。',
    '示例：商品标识 P1，分类编码 010101，商品名称 聚合氯化铝，销售单位 吨，规格编码 PAC-30，规格值 含量:30%，单价 2000，阶梯价 10:1900;50:1800，期初库存 100。',
  ]) {
    const row = help.addRow({ header: line });
    help.mergeCells(`A${row.number}:C${row.number}`);
  }

  const cats = wb.addWorksheet('分类编码');
  cats.columns = [
    { header: '分类编码', key: 'code', width: 12 },
    { header: '分类', key: 'path', width: 40 },
    { header: '分类参数（*为必填）', key: 'attributes', width: 60 },
  ];
  cats.getRow(1).font = { bold: true };
  const all = await db
    .select()
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.categoryCode));
  const defs = await db
    .select()
    .from(categoryAttributes)
    .orderBy(asc(categoryAttributes.sort), asc(categoryAttributes.id));
  const byCode = new Map(all.map((c) => [c.categoryCode, c]));
  for (const leaf of all.filter((c) => c.level === 3)) {
    const chain = [leaf.categoryCode.slice(0, 2), leaf.categoryCode.slice(0, 4), leaf.categoryCode].map(
      (code) => byCode.get(code),
    );
    if (chain.some((c) => !c)) continue; // under a hidden branch
    const ids = new Set(chain.map((c) => c!.id));
    const attrs = defs
      .filter((d) => ids.has(d.categoryId))
      .map(
        (d) =>
          `${d.required ? '*' : ''}${d.name}${d.type === 3 ? `（${d.options.join('/')}）` : d.type === 2 ? '（数字）' : ''}`,
      );
    cats.addRow({
      code: leaf.categoryCode,
      path: chain.map((c) => c!.name).join(' / '),
      attributes: attrs.join('；'),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- Reading ----

export interface SheetRow {
  /** The row number in the sheet (1 is the header). */
  row: number;
  cells: Record<string, string>;
}

/** Columns of the import sheet read (the template has 19; a user may add or reorder some). */
const IMPORT_MAX_COLUMNS = 60;
/** Characters of all cells together (5000 rows with long descriptions fit; a shared-string bomb does not). */
const IMPORT_MAX_CHARS = 30_000_000;

/** Column numbers (1-based) of the template's columns, found by their headers in row 1. */
function columnsOf(header: string[]): Map<string, number> {
  const columnOf = new Map<string, number>();
  header.forEach((cell, i) => {
    const text = cell.replace(/^\*/, '');
    const c = IMPORT_COLUMNS.find((x) => x.header === text);
    if (c && !columnOf.has(c.key)) columnOf.set(c.key, i + 1);
  });
  return columnOf;
}

/**
 * The data rows of the import sheet (empty rows skipped), read off the event loop with the workbook's size,
 * rows and columns bounded (lib/sheets.ts); refuses a file without the template's headers.
 */
export async function readRows(body: Buffer): Promise<SheetRow[]> {
  const sheet = await readSheet(body, {
    sheet: IMPORT_SHEET,
    maxRows: IMPORT_MAX_ROWS + 2, // the header and one row too many
    maxCols: IMPORT_MAX_COLUMNS,
    maxChars: IMPORT_MAX_CHARS,
  });
  if (!sheet.found) throw fail('IMPORT_NO_SHEET');
  const header = sheet.rows[0]?.row === 1 ? sheet.rows[0].cells : [];
  const columnOf = columnsOf(header);
  const missing = IMPORT_COLUMNS.filter((c) => c.required && !columnOf.has(c.key)).map((c) => c.header);
  if (missing.length) throw fail('IMPORT_HEADER_MISSING', { columns: missing.join('、') });
  const rows: SheetRow[] = [];
  for (const line of sheet.rows) {
    if (line.row === 1) continue;
    const cells: Record<string, string> = {};
    let any = false;
    for (const [key, col] of columnOf) {
      const text = line.cells[col - 1] ?? '';
      cells[key] = text;
      if (text) any = true;
    }
    if (any) rows.push({ row: line.row, cells });
  }
  if (sheet.more || rows.length > IMPORT_MAX_ROWS) throw fail('IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
  if (!rows.length) throw fail('IMPORT_NO_ROWS');
  return rows;
}

// ---- Checking ----

/** Errors by sheet row. */
export type RowErrors = Map<number, string[]>;
const addError = (errors: RowErrors, row: number, message: string) => {
  const list = errors.get(row) ?? [];
  if (!list.includes(message)) list.push(message);
  errors.set(row, list);
};

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const PAIR_SPLIT = /[;；\n]+/;

interface Parser {
  errors: RowErrors;
  /** Fields of a row that could not be read (the schema's message for them would only repeat it). */
  unreadable: Set<string>;
}

function num(p: Parser, r: SheetRow, key: string): number | undefined {
  const text = r.cells[key] ?? '';
  if (!text) return undefined;
  if (!NUMBER_RE.test(text.replace(/,/g, ''))) {
    addError(p.errors, r.row, `${headerOf(key)}须为数字`);
    p.unreadable.add(`${r.row}:${key}`);
    return undefined;
  }
  return Number(text.replace(/,/g, ''));
}

/** "名:值;名:值" → pairs; a part without a colon is an error of the column. */
function pairs(p: Parser, r: SheetRow, key: string, example: string): { name: string; value: string }[] {
  const text = r.cells[key] ?? '';
  if (!text) return [];
  const out: { name: string; value: string }[] = [];
  for (const part of text
    .split(PAIR_SPLIT)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^([^:：]+)[:：](.*)$/.exec(part);
    if (!m) {
      addError(p.errors, r.row, `${headerOf(key)}格式应为「名称:值」，多项用分号分隔，如 ${example}`);
      p.unreadable.add(`${r.row}:${key}`);
      return [];
    }
    out.push({ name: m[1]!.trim(), value: m[2]!.trim() });
  }
  return out;
}

function tiers(p: Parser, r: SheetRow): { minQty: number; price: number }[] {
  const list = pairs(p, r, 'tiers', '10:95;50:90');
  const out: { minQty: number; price: number }[] = [];
  for (const t of list) {
    if (!NUMBER_RE.test(t.name) || !NUMBER_RE.test(t.value)) {
      addError(p.errors, r.row, '阶梯价格式应为「起订数量:单价」，多档用分号分隔，如 10:95;50:90');
      p.unreadable.add(`${r.row}:tiers`);
      return [];
    }
    out.push({ minQty: Number(t.name), price: Number(t.value) });
  }
  return out;
}

function flag(p: Parser, r: SheetRow): boolean {
  const text = (r.cells.relief ?? '').toLowerCase();
  if (!text || ['否', 'n', 'no', '0', 'false'].includes(text)) return false;
  if (['是', 'y', 'yes', '1', 'true'].includes(text)) return true;
  addError(p.errors, r.row, '消费扶贫请填写「是」或「否」');
  p.unreadable.add(`${r.row}:relief`);
  return false;
}

const stripSuffix = (name: string) =>
  name.replace(/(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区|地区|自治州|盟)$/, '');

/** "江苏省 南京市" → area codes; unknown names are an error of the column. */
function origin(p: Parser, r: SheetRow): { province: number | null; city: number | null } {
  const text = r.cells.origin ?? '';
  if (!text) return { province: null, city: null };
  const [provinceName, cityName] = text.split(/[\s/,，、-]+/).filter(Boolean);
  const match = <T extends { name: string }>(list: readonly T[], name: string) =>
    list.find((n) => n.name === name) ?? list.find((n) => stripSuffix(n.name) === stripSuffix(name));
  const province = provinceName ? match(areaTree(), provinceName) : undefined;
  const city = province && cityName ? match(province.children ?? [], cityName) : undefined;
  if (!province || (cityName && !city)) {
    addError(p.errors, r.row, `产地「${text}」不正确，请填写省份和城市，如：江苏省 南京市`);
    p.unreadable.add(`${r.row}:origin`);
    return { province: null, city: null };
  }
  return { province: province.sysNo, city: city?.sysNo ?? null };
}

export interface CheckOptions {
  companyId: number;
  /** The products will be submitted for review: each needs an image. */
  submit: boolean;
  /** Called now and then with the number of rows checked. */
  onProgress?: (done: number) => Promise<void>;
}

export interface CheckResult {
  errors: RowErrors;
  /** The products to create (only meaningful when there are no errors). */
  products: NewProduct[];
}

/**
 * Checks every row: reads the cells, builds each product as the editor would send it, validates it with the
 * editor's schema (`productImportInput`) and content rules (`prepareContent`: category, attributes, images,
 * origin), and checks SKU codes against the file and the company's existing SKUs.
 */
export async function checkRows(db: Db, rows: readonly SheetRow[], opts: CheckOptions): Promise<CheckResult> {
  const parser: Parser = { errors: new Map(), unreadable: new Set() };
  const { errors } = parser;
  const groups = new Map<string, SheetRow[]>();
  for (const r of rows) {
    const key = r.cells.group ? `g:${r.cells.group}` : `r:${r.row}`;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }

  // Lookups for the whole file at once: categories by code and by leaf name, the company's images, existing codes.
  const cats = await db
    .select({
      id: categories.id,
      code: categories.categoryCode,
      name: categories.name,
      level: categories.level,
    })
    .from(categories);
  const catByCode = new Map(cats.map((c) => [c.code, c]));
  const leavesByName = new Map<string, typeof cats>();
  for (const c of cats.filter((x) => x.level === 3))
    leavesByName.set(c.name, [...(leavesByName.get(c.name) ?? []), c]);
  const imageNames = [
    ...new Set(
      rows.flatMap((r) =>
        (r.cells.images ?? '')
          .split(PAIR_SPLIT)
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ),
  ];
  const ownImages = new Set<string>();
  for (let i = 0; i < imageNames.length; i += 1000) {
    const found = await db
      .select({ path: files.path })
      .from(files)
      .where(and(inArray(files.path, imageNames.slice(i, i + 1000)), eq(files.companyId, opts.companyId)));
    for (const f of found) ownImages.add(f.path);
  }
  const codes = [...new Set(rows.map((r) => r.cells.code ?? '').filter(Boolean))];
  const takenCodes = new Set<string>();
  for (let i = 0; i < codes.length; i += 1000) {
    const found = await db
      .select({ code: productSkus.code })
      .from(productSkus)
      .where(
        and(eq(productSkus.companyId, opts.companyId), inArray(productSkus.code, codes.slice(i, i + 1000))),
      );
    for (const f of found) takenCodes.add(f.code);
  }
  const codeRows = new Map<string, number>();

  const cache: CategoryRulesCache = new Map();
  const products: NewProduct[] = [];
  let done = 0;
  let reported = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const errorsBefore = [...group].some((r) => errors.has(r.row));
    // Product fields come from the first row; the others may repeat them or leave them empty.
    for (const r of group.slice(1)) {
      for (const c of IMPORT_COLUMNS.filter((x) => x.level === 'product' && x.key !== 'group')) {
        const v = r.cells[c.key] ?? '';
        if (v && v !== (first.cells[c.key] ?? ''))
          addError(errors, r.row, `同一商品的「${c.header}」须与第${first.row}行一致（可留空）`);
      }
    }
    let categoryId = 0;
    const category = first.cells.category ?? '';
    if (!category) {
      addError(errors, first.row, '请填写分类编码');
      parser.unreadable.add(`${first.row}:category`);
    } else {
      const byCode = catByCode.get(category);
      const byName = leavesByName.get(category);
      const found = byCode ?? (byName?.length === 1 ? byName[0] : undefined);
      if (!found) {
        addError(
          errors,
          first.row,
          byName && byName.length > 1
            ? `分类「${category}」有重名，请填写分类编码`
            : `分类编码「${category}」不存在`,
        );
        parser.unreadable.add(`${first.row}:category`);
      } else categoryId = found.id;
    }
    const place = origin(parser, first);
    const images = (first.cells.images ?? '')
      .split(PAIR_SPLIT)
      .map((x) => x.trim())
      .filter(Boolean);
    for (const image of images)
      if (!ownImages.has(image)) addError(errors, first.row, `图片「${image}」不是本企业图片库中的图片`);
    if (opts.submit && !images.length)
      addError(errors, first.row, '提交审核须至少一张商品图片（可不勾选提交审核，导入后在编辑页上传）');
    const input: ProductInput = {
      categoryId: categoryId || 1,
      name: first.cells.name ?? '',
      brand: first.cells.brand ?? '',
      model: first.cells.model ?? '',
      unit: first.cells.unit ?? '',
      minOrder: num(parser, first, 'minOrder') ?? 1,
      leadTimeDays: num(parser, first, 'leadTime') ?? 0,
      originProvinceCode: place.province,
      originCityCode: place.city,
      isPovertyRelief: flag(parser, first),
      attributes: pairs(parser, first, 'attributes', '执行标准:GB/T 22627;材质:PE'),
      images,
      description: first.cells.description ?? '',
      skus: group.map((r) => ({
        code: r.cells.code ?? '',
        specValues: pairs(parser, r, 'specs', '含量:30%;包装:25kg袋'),
        price: num(parser, r, 'price') ?? Number.NaN,
        priceTiers: tiers(parser, r),
        stock: num(parser, r, 'stock') ?? 0,
        lowStock: num(parser, r, 'lowStock') ?? 0,
      })),
    };
    if (group.length > 50) addError(errors, first.row, '同一商品最多50个规格');
    for (const r of group) {
      const code = (r.cells.code ?? '').toLowerCase();
      if (!code) continue;
      const seen = codeRows.get(code);
      if (seen !== undefined && seen !== r.row)
        addError(errors, r.row, `规格编码「${r.cells.code}」与第${seen}行重复`);
      else codeRows.set(code, r.row);
      if (takenCodes.has(r.cells.code!))
        addError(errors, r.row, `规格编码「${r.cells.code}」已被本企业的其他商品使用`);
    }

    const parsed = productImportInput.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index, field] = issue.path;
        if (head === 'skus' && index === undefined && issue.message === '规格编码不能重复') continue; // marked on the repeating row above
        if (head === 'skus' && index === undefined && issue.message === '规格值组合不能重复') {
          const seen = new Map<string, number>();
          input.skus.forEach((s, i) => {
            const key = (s.specValues ?? []).map((v) => `${v.name}=${v.value}`).join('|');
            const earlier = seen.get(key);
            if (earlier === undefined) seen.set(key, group[i]!.row);
            else addError(errors, group[i]!.row, `规格值组合与第${earlier}行重复`);
          });
          continue;
        }
        const isSku = head === 'skus' && typeof index === 'number';
        const row = isSku ? (group[index]?.row ?? first.row) : first.row;
        const column = FIELD_COLUMN[String(isSku ? field : head)];
        if (column && parser.unreadable.has(`${row}:${column}`)) continue;
        if (head === 'categoryId' && !categoryId) continue;
        addError(errors, row, column ? `${headerOf(column)}：${issue.message}` : issue.message);
      }
    } else if (!errorsBefore && !group.some((r) => errors.has(r.row))) {
      try {
        const content = await prepareContent(
          db,
          opts.companyId,
          parsed.data as ProductImportParsed & { images: string[] },
          images,
          cache,
        );
        products.push({
          content,
          skus: parsed.data.skus,
          status: opts.submit ? ProductStatus.PENDING : ProductStatus.DRAFT,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        addError(errors, first.row, err.message);
      }
    }
    done += group.length;
    if (opts.onProgress && done - reported >= 250) {
      reported = done;
      await opts.onProgress(done);
    }
  }
  return { errors, products };
}

// ---- The refused file, marked ----

/** The refused file with each broken row's errors in the 错误信息 column (red), made off the event loop. */
export function markErrors(body: Buffer, errors: RowErrors): Promise<Buffer> {
  return markSheet(body, IMPORT_SHEET, ERROR_HEADER, errors);
}
