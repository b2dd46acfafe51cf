import { loadExcel } from '../../lib/lazy.ts';
import { asc, inArray } from 'drizzle-orm';
import { enumLabel, specText, type ProductListQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { productSkus } from '../../db/schema/index.ts';
import type { Caller } from '../auth/index.ts';
import { listProducts } from './product-queries.ts';
import { cutAt, EXPORT_LIMITS, type ExportFile } from '../../lib/download.ts';


/** The company's products under the list's filters as an .xlsx workbook, one row per SKU. */
export async function exportProducts(db: Db, caller: Caller, q: ProductListQuery): Promise<ExportFile> {
  const limit = EXPORT_LIMITS.products;
  const read = await listProducts(db, caller, { ...q, pageIndex: 1, pageSize: limit + 1 });
  const { rows: list, cut } = cutAt(read.list, limit);
  const skus = list.length
    ? await db.select().from(productSkus).where(inArray(productSkus.productId, list.map((p) => p.sysNo))).orderBy(asc(productSkus.sort), asc(productSkus.id))
    : [];
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('商品列表');
  sheet.columns = [
    { header: '商品编号', key: 'id', width: 10 },
    { header: '商品名称', key: 'name', width: 36 },
    { header: '分类', key: 'category', width: 14 },
    { header: '品牌', key: 'brand', width: 12 },
    { header: '状态', key: 'status', width: 10 },
    { header: '规格编码', key: 'code', width: 18 },
    { header: '规格', key: 'spec', width: 24 },
    { header: '单价（元）', key: 'price', width: 12 },
    { header: '阶梯价', key: 'tiers', width: 28 },
    { header: '在库', key: 'onHand', width: 10 },
    { header: '预占', key: 'reserved', width: 10 },
    { header: '可用', key: 'available', width: 10 },
    { header: '单位', key: 'unit', width: 8 },
    { header: '起订量', key: 'minOrder', width: 8 },
    { header: '更新时间', key: 'updatedAt', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const p of list) {
    for (const s of skus.filter((x) => x.productId === p.sysNo)) {
      sheet.addRow({
        id: p.sysNo,
        name: p.name,
        category: p.categoryName,
        brand: p.brand,
        status: enumLabel('ProductStatus', p.status) ?? '',
        code: s.code,
        spec: specText(s.specValues),
        price: Number(s.price),
        tiers: s.priceTiers.map((t) => `≥${t.minQty}: ${t.price}`).join('；'),
        onHand: s.onHand,
        reserved: s.reserved,
        available: s.onHand - s.reserved,
        unit: p.unit,
        minOrder: p.minOrder,
        updatedAt: p.updatedAt.slice(0, 16).replace('T', ' '),
      });
    }
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
