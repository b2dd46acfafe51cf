import { loadExcel } from '../../lib/lazy.ts';
import { enumLabel, type myEnquiryListQuery } from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../auth/index.ts';
import { shanghai } from '../orders/index.ts';
import { listMyEnquiries } from './queries.ts';
import { cutAt, EXPORT_LIMITS, type ExportFile } from '../../lib/download.ts';


/** The purchaser's filtered enquiries (same scope, tab and filters as 我的询价) as an .xlsx workbook. */
export async function exportMyEnquiries(
  db: Db,
  caller: Caller,
  q: z.output<typeof myEnquiryListQuery>,
): Promise<ExportFile> {
  const limit = EXPORT_LIMITS.enquiries;
  const read = await listMyEnquiries(db, caller, { ...q, pageIndex: 1, pageSize: limit + 1 });
  const { rows: list, cut } = cutAt(read.list, limit);
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('我的询价');
  sheet.columns = [
    { header: '询价单号', key: 'code', width: 20 },
    { header: '询价标题', key: 'title', width: 32 },
    { header: '状态', key: 'status', width: 10 },
    { header: '询价方式', key: 'visibility', width: 10 },
    { header: '密封报价', key: 'sealed', width: 9 },
    { header: '询价产品', key: 'items', width: 36 },
    { header: '报价数（家）', key: 'offers', width: 12 },
    { header: '交货地区', key: 'area', width: 26 },
    { header: '报价截止', key: 'deadline', width: 17 },
    { header: '发布时间', key: 'published', width: 17 },
    { header: '创建时间', key: 'created', width: 17 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of list) {
    sheet.addRow({
      code: r.code,
      title: r.title,
      status: r.statusName,
      visibility: enumLabel('EnquiryVisibility', r.visibility) ?? '',
      sealed: r.sealed ? '是' : '否',
      items: r.itemNames.join('、') + (r.itemCount > r.itemNames.length ? ` 等${r.itemCount}项` : ''),
      offers: r.offerCount,
      area: r.deliveryAreaName,
      deadline: shanghai(r.deadline),
      published: r.publishedAt ? shanghai(r.publishedAt) : '',
      created: shanghai(r.createdAt),
    });
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
