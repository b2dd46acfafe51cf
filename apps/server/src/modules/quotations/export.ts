import { loadExcel } from '../../lib/lazy.ts';
import { quotationMachine, type QuotationListFilter } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../auth/index.ts';
import { shanghai } from '../orders/index.ts';
import { listQuotations } from './queries.ts';
import { cutAt, EXPORT_LIMITS, type ExportFile } from '../../lib/download.ts';


/** The supplier's filtered offers (same scope and filters as the page) as an .xlsx workbook. */
export async function exportQuotations(db: Db, caller: Caller, q: QuotationListFilter): Promise<ExportFile> {
  const limit = EXPORT_LIMITS.quotations;
  const read = await listQuotations(db, caller, { ...q, pageIndex: 1, pageSize: limit + 1 });
  const { rows: list, cut } = cutAt(read.list, limit);
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('我的报价');
  sheet.columns = [
    { header: '询价单号', key: 'code', width: 20 },
    { header: '询价标题', key: 'title', width: 32 },
    { header: '采购商', key: 'buyer', width: 28 },
    { header: '报价状态', key: 'status', width: 10 },
    { header: '版本', key: 'version', width: 6 },
    { header: '报价总额（元）', key: 'total', width: 14 },
    { header: '交货期（天）', key: 'lead', width: 12 },
    { header: '有效期至', key: 'valid', width: 17 },
    { header: '报价截止', key: 'deadline', width: 17 },
    { header: '最近报价时间', key: 'updated', width: 17 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of list) {
    sheet.addRow({
      code: r.enquiryCode,
      title: r.enquiryTitle,
      buyer: r.buyerCompanyName,
      status: quotationMachine.label(r.status),
      version: r.version,
      total: Number(r.totalAmount),
      lead: r.leadDays,
      valid: shanghai(r.validUntil).slice(0, 10),
      deadline: shanghai(r.deadline),
      updated: shanghai(r.updatedAt),
    });
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
