import { loadExcel } from '../../lib/lazy.ts';
import { asc, inArray } from 'drizzle-orm';
import { enumLabel, type OrderListFilter, formatChinaDateTime } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines } from '../../db/schema/index.ts';
import type { Caller } from '../auth/index.ts';
import { listOrders } from './queries.ts';
import { cutAt, EXPORT_LIMITS, type ExportFile } from '../../lib/download.ts';


/** An ISO time as China time, YYYY-MM-DD HH:mm (spreadsheet cells). */
export const shanghai = (iso: string) => formatChinaDateTime(iso, '');

/** The filtered list (same scope and filters as the page) as an .xlsx workbook, one row per order line. */
export async function exportOrders(db: Db, caller: Caller, q: OrderListFilter): Promise<ExportFile> {
  const limit = EXPORT_LIMITS.orders;
  const read = await listOrders(db, caller, { ...q, pageIndex: 1, pageSize: limit + 1 });
  const { rows: list, cut } = cutAt(read.list, limit);
  const lines = list.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            list.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderLines.orderId), asc(orderLines.sort), asc(orderLines.id))
    : [];
  const buyerSide = q.type === 0 || q.type === 4;
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('订单列表');
  sheet.columns = [
    { header: '订单号', key: 'orderNo', width: 20 },
    { header: '下单时间', key: 'createdAt', width: 17 },
    { header: '状态', key: 'status', width: 10 },
    { header: '采购单号', key: 'poNumber', width: 18 },
    { header: '成本中心', key: 'costCentre', width: 14 },
    { header: buyerSide ? '供应商' : '采购商', key: 'counterparty', width: 28 },
    { header: '商品名称', key: 'product', width: 30 },
    { header: '规格', key: 'spec', width: 22 },
    { header: '单位', key: 'unit', width: 8 },
    { header: '数量', key: 'quantity', width: 8 },
    { header: '已发货', key: 'shipped', width: 8 },
    { header: '单价（元）', key: 'unitPrice', width: 12 },
    { header: '金额（元）', key: 'amount', width: 12 },
    { header: '运费（元）', key: 'freight', width: 10 },
    { header: '订单总额（元）', key: 'total', width: 14 },
    { header: '已付款（元）', key: 'paid', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const o of list) {
    for (const l of lines.filter((x) => x.orderId === o.id)) {
      sheet.addRow({
        orderNo: o.orderNo,
        createdAt: shanghai(o.createdAt),
        status: enumLabel('OrderStatus', o.status) ?? '',
        poNumber: o.poNumber,
        costCentre: o.costCentre,
        counterparty: buyerSide ? o.sellerCompanyName : o.buyerCompanyName,
        product: l.productName,
        spec: l.spec,
        unit: l.unit,
        quantity: l.quantity,
        shipped: l.shippedQty,
        unitPrice: Number(l.unitPrice),
        amount: Number(l.amount),
        freight: Number(o.freight),
        total: Number(o.totalAmount),
        paid: Number(o.paidAmount),
      });
    }
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
