import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/lazy.ts';
import { REPORTS, type ReportFilter, type ReportName } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  balanceReport,
  categoryReport,
  EXPORT_PRODUCTS,
  goodsReport,
  orderReport,
  type Side,
} from './queries.ts';

type Column = { header: string; key: string; width: number; money?: boolean };

const GRANULARITY = { day: '按日', month: '按月', quarter: '按季度' } as const;

function addSheet(wb: ExcelJS.Workbook, name: string, columns: Column[], rows: object[]) {
  const sheet = wb.addWorksheet(name);
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const values = r as Record<string, unknown>;
    // Money as numbers (2 decimals shown) so a spreadsheet can sum them.
    sheet.addRow(
      Object.fromEntries(columns.map((c) => [c.key, c.money ? Number(values[c.key]) : values[c.key]])),
    );
  }
  for (const c of columns) if (c.money) sheet.getColumn(c.key).numFmt = '#,##0.00';
}

const periodCols = (amountHeader: string, withQuantity: boolean): Column[] => [
  { header: '统计周期', key: 'period', width: 14 },
  { header: '订单数', key: 'orderCount', width: 10 },
  ...(withQuantity ? [{ header: '数量', key: 'quantity', width: 10 }] : []),
  { header: amountHeader, key: 'amount', width: 16, money: true },
];
const categoryCols: Column[] = [
  { header: '品类', key: 'name', width: 20 },
  { header: '订单数', key: 'orderCount', width: 10 },
  { header: '数量', key: 'quantity', width: 10 },
  { header: '金额（元）', key: 'amount', width: 16, money: true },
  { header: '占比（%）', key: 'share', width: 10 },
];
const productCols: Column[] = [
  { header: '商品名称', key: 'name', width: 36 },
  { header: '品类', key: 'categoryName', width: 16 },
  { header: '单位', key: 'unit', width: 8 },
  { header: '订单数', key: 'orderCount', width: 10 },
  { header: '数量', key: 'quantity', width: 10 },
  { header: '金额（元）', key: 'amount', width: 16, money: true },
];
const balanceCols = (side: Side): Column[] => [
  { header: side === 'seller' ? '客户' : '供应商', key: 'name', width: 28 },
  { header: '未结清订单数', key: 'unpaidOrderCount', width: 12 },
  { header: '已发货未付款（元）', key: 'deliveredUnpaid', width: 18, money: true },
  { header: '信用额度（元）', key: 'creditLimit', width: 14, money: true },
  { header: '预付余额（元）', key: 'balance', width: 14, money: true },
  { header: '已用额度（元）', key: 'creditUsed', width: 14, money: true },
  { header: '未到期（元）', key: 'notDue', width: 14, money: true },
  { header: '逾期0-30天（元）', key: 'd0to30', width: 16, money: true },
  { header: '逾期31-60天（元）', key: 'd31to60', width: 16, money: true },
  { header: '逾期61-90天（元）', key: 'd61to90', width: 16, money: true },
  { header: '逾期90天以上（元）', key: 'd90plus', width: 18, money: true },
  { header: '逾期合计（元）', key: 'overdue', width: 14, money: true },
];

/** The report as an .xlsx workbook: a cover line with the range, then one sheet per table of the page. */
export async function exportReport(
  db: Db,
  name: ReportName,
  companyId: number,
  q: ReportFilter,
): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const info = wb.addWorksheet('说明');
  info.columns = [
    { header: '报表', key: 'k', width: 14 },
    { header: REPORTS[name].title, key: 'v', width: 40 },
  ];
  info.addRow({ k: '统计区间', v: `${q.dateFrom} 至 ${q.dateTo}` });
  info.addRow({ k: '统计粒度', v: GRANULARITY[q.granularity] });
  info.addRow({
    k: '统计口径',
    v:
      name === 'saleAmount' || name === 'payAmount'
        ? '区间内首次发货且未取消的订单；信用额度与账龄截至导出时'
        : '区间内已付款且未取消的订单，按付款时间统计',
  });
  switch (name) {
    case 'procurement':
    case 'orderSale': {
      const side: Side = name === 'procurement' ? 'buyer' : 'seller';
      const r = await orderReport(db, side, companyId, q);
      addSheet(wb, '按周期', periodCols('订单金额（元）', false), r.periods);
      addSheet(
        wb,
        side === 'buyer' ? '按供应商' : '按客户',
        [
          { header: side === 'buyer' ? '供应商' : '客户', key: 'name', width: 30 },
          { header: '订单数', key: 'orderCount', width: 10 },
          { header: '订单金额（元）', key: 'amount', width: 16, money: true },
        ],
        r.counterparts,
      );
      addSheet(wb, '按品类', categoryCols, r.categories);
      break;
    }
    case 'goodsSale':
    case 'procurementGoods': {
      const r = await goodsReport(
        db,
        name === 'goodsSale' ? 'seller' : 'buyer',
        companyId,
        q,
        EXPORT_PRODUCTS,
      );
      addSheet(wb, '商品排行', productCols, r.products);
      addSheet(wb, '按周期', periodCols('商品金额（元）', true), r.periods);
      break;
    }
    case 'goodsCategory': {
      const r = await categoryReport(db, 'seller', companyId, q);
      addSheet(wb, '按品类', categoryCols, r.categories);
      addSheet(wb, '按周期', periodCols('商品金额（元）', true), r.periods);
      break;
    }
    case 'saleAmount':
    case 'payAmount': {
      const side: Side = name === 'saleAmount' ? 'seller' : 'buyer';
      const r = await balanceReport(db, side, companyId, q);
      addSheet(wb, side === 'seller' ? '应收账款' : '应付账款', balanceCols(side), [
        ...r.rows,
        { name: '合计', ...r.total },
      ]);
      addSheet(wb, '发货按周期', periodCols('发货订单金额（元）', false), r.periods);
      break;
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** File name of the export: 采购统计_2026-01-01_2026-03-31.xlsx (the ASCII fallback report-procurement.xlsx). */
export function exportFileName(name: ReportName, q: ReportFilter): { ascii: string; utf8: string } {
  return { ascii: `report-${name}.xlsx`, utf8: `${REPORTS[name].title}_${q.dateFrom}_${q.dateTo}.xlsx` };
}
