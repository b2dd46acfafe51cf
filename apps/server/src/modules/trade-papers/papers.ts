import { formatChinaDate, formatChinaDateTime, OrderStatus, toChineseCapital, toFen, toYuan, type OrderDetailAnswer, type OrderPaperKind } from '@aquamall/shared';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { loadPdfLib } from '../../lib/lazy.ts';
import { loadDocumentFont } from '../../lib/partners/pdf-font.ts';
import { orderDetail } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';

/**
 * The papers of an order as A4 PDFs (decision docs/decisions/0198-transfer-payee-and-order-papers.md): the order
 * (采购订单 for the purchaser, 销售订单 for the supplier), the delivery note of one shipment (发货单) and the
 * receiving note once the purchaser confirmed receipt (收货单). Same access as the order detail page (the two
 * parties only, 记录不存在 for anyone else); the same CJK font as the statement PDF (lib/partners/pdf-font.ts).
 * Amounts are printed in figures and in capitals (toChineseCapital of the money kernel).
 */

export interface PaperLine {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  unitPrice: string;
  amountFen: number;
}

export interface Paper {
  title: string;
  fileName: string;
  orderNo: string;
  /** Heading facts, label → value. */
  facts: [string, string][];
  lines: PaperLine[];
  /** Printed under the lines: label → amount in fen (the last one is the total in capitals). */
  sums: [string, number][];
  remarks: string[];
  /** The signature / seal boxes, left to right. */
  signers: string[];
  /** Numbered clauses printed after the sums (a contract's terms); wrapped to the page width. */
  clauses?: string[];
  /** The last line under the seal boxes; default 「本单据由 AquaMall 平台依订单 … 生成」. */
  footer?: string;
}

/** A seal box of a rendered paper: page (0-based) and rectangle in PDF points, for the e-signature partner. */
export interface PaperField {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TITLES: Record<OrderPaperKind, { buyer: string; seller: string }> = {
  order: { buyer: '采购订单', seller: '销售订单' },
  delivery: { buyer: '发货单', seller: '发货单' },
  receiving: { buyer: '收货单', seller: '收货单' },
};

const addressText = (d: OrderDetailAnswer) =>
  `${d.address.receiver} ${d.address.phone} ${d.address.areaName}${d.address.detail}`;
/** The purchaser's 采购单号 / 成本中心, printed when given (docs/product/orders.md#po-numbers). */
const poFacts = (d: OrderDetailAnswer): [string, string][] => [
  ...(d.poNumber ? [['采购单号', d.poNumber] as [string, string]] : []),
  ...(d.costCentre ? [['成本中心', d.costCentre] as [string, string]] : []),
];
const day = (v: Date | string | null | undefined) => (v ? formatChinaDate(v) : '');

/** What a paper says, read from the order detail the caller may see (pure: tested without a PDF). */
export function paperOf(d: OrderDetailAnswer, kind: OrderPaperKind, shipmentId?: number): Paper {
  const title = TITLES[kind][d.side];
  const parties: [string, string][] = [
    ['供方（卖方）', d.sellerCompanyName],
    ['需方（买方）', d.buyerCompanyName],
  ];
  const lineById = new Map(d.lines.map((l) => [l.id, l]));
  const priced = (orderLineId: number, quantity: number): PaperLine => {
    const l = lineById.get(orderLineId)!;
    return {
      name: l.productName,
      spec: l.spec,
      unit: l.unit,
      quantity,
      unitPrice: l.unitPrice,
      amountFen: quantity === l.quantity ? toFen(l.amount) : toFen(l.unitPrice) * quantity,
    };
  };
  if (kind === 'order') {
    const lines = d.lines.map((l) => priced(l.id, l.quantity));
    return {
      title,
      fileName: `${title}-${d.orderNo}.pdf`,
      orderNo: d.orderNo,
      facts: [
        ['订单编号', d.orderNo],
        ['下单日期', day(d.createdAt)],
        ...poFacts(d),
        ...parties,
        ['收货信息', addressText(d)],
      ],
      lines,
      sums: [
        ['商品金额', toFen(d.goodsAmount)],
        ['运费', toFen(d.freight)],
        ['订单总额', toFen(d.totalAmount)],
      ],
      remarks: [d.buyerRemark ? `买方备注：${d.buyerRemark}` : '', d.sellerRemark ? `卖方备注：${d.sellerRemark}` : ''].filter(Boolean),
      signers: ['供方（盖章）', '需方（盖章）'],
    };
  }
  if (kind === 'delivery') {
    const s = shipmentId === undefined ? d.shipments[0] : d.shipments.find((x) => x.id === shipmentId);
    if (!s) throw d.shipments.length ? notFound('发货记录不存在') : conflict('该订单尚未发货，没有发货单');
    const lines = s.lines.map((sl) => priced(sl.orderLineId, sl.quantity));
    const no = d.shipments.indexOf(s) + 1;
    return {
      title,
      fileName: `${title}-${d.orderNo}-${no}.pdf`,
      orderNo: d.orderNo,
      facts: [
        ['订单编号', d.orderNo],
        ['发货批次', `第 ${no} 批（共 ${d.shipments.length} 批）`],
        ['发货时间', formatChinaDateTime(s.createdAt)],
        ['物流', `${s.carrier} ${s.trackingNo}`],
        ...poFacts(d),
        ...parties,
        ['收货信息', addressText(d)],
      ],
      lines,
      sums: [['本批货值', lines.reduce((a, l) => a + l.amountFen, 0)]],
      remarks: [s.remark ? `发货备注：${s.remark}` : '', s.shippedByName ? `发货人：${s.shippedByName}` : ''].filter(Boolean),
      signers: ['发货方（盖章）', '承运人（签字）', '收货方（签收）'],
    };
  }
  if (d.status !== OrderStatus.COMPLETED || !d.completedAt) throw conflict('订单尚未确认收货，没有收货单');
  const shipped = new Map<number, number>();
  for (const s of d.shipments) for (const sl of s.lines) shipped.set(sl.orderLineId, (shipped.get(sl.orderLineId) ?? 0) + sl.quantity);
  const lines = d.lines.filter((l) => shipped.get(l.id)).map((l) => priced(l.id, shipped.get(l.id)!));
  return {
    title,
    fileName: `${title}-${d.orderNo}.pdf`,
    orderNo: d.orderNo,
    facts: [
      ['订单编号', d.orderNo],
      ['收货日期', day(d.completedAt)],
      ['发货批次', `共 ${d.shipments.length} 批`],
      ...poFacts(d),
      ...parties,
      ['收货信息', addressText(d)],
    ],
    lines,
    sums: [['实收货值', lines.reduce((a, l) => a + l.amountFen, 0)]],
    remarks: [],
    signers: ['收货方（签收盖章）', '供方（确认）'],
  };
}

/** The paper of an order for the caller, with the access of the order detail. */
export async function orderPaper(
  db: Db,
  caller: Caller,
  q: { id: number; kind: OrderPaperKind; shipmentId?: number },
  rules: OrderRules,
): Promise<{ pdf: Buffer; fileName: string }> {
  const d = await orderDetail(db, caller, q.id, undefined, rules);
  const paper = paperOf(d, q.kind, q.shipmentId);
  return { pdf: await renderPaper(paper), fileName: paper.fileName };
}

/** Draws the paper on A4 pages: heading, facts, a ruled table of lines, sums in figures and capitals, seal boxes. */
export async function renderPaper(p: Paper): Promise<Buffer> {
  return (await renderPaperWithFields(p)).pdf;
}

/** renderPaper, also answering where each seal box was drawn (in `signers` order). */
export async function renderPaperWithFields(p: Paper): Promise<{ pdf: Buffer; fields: PaperField[] }> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const { font, cjk } = await loadDocumentFont(doc);
  const total = p.sums[p.sums.length - 1]![1];
  doc.setTitle(`${p.title} ${p.orderNo}`);
  doc.setSubject(`${p.title} 共 ${p.lines.length} 行`);
  doc.setKeywords([`order:${p.orderNo}`, `lines:${p.lines.length}`, `total:${toYuan(total)}`, `capital:${toChineseCapital(total)}`]);
  doc.setProducer('AquaMall');
  // Without a CJK font on the machine only Latin text can be drawn (pdf-font.ts): other characters become '?'.
  const safe = (s: string) => (cjk ? s : s.replace(/[^\x20-\x7e]/g, '?'));
  const ink = rgb(0.1, 0.1, 0.1);
  const W = 595;
  const H = 842;
  const M = 40;
  let page: PDFPage = doc.addPage([W, H]);
  let y = H - 50;
  const text = (s: string, x: number, yy: number, size = 9, f: PDFFont = font) =>
    page.drawText(safe(s), { x, y: yy, size, font: f, color: ink });
  const fit = (s: string, width: number, size: number) => {
    let out = safe(s);
    while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -2) + '…';
    return out;
  };
  const newPageIfLow = (need: number) => {
    if (y - need < 50) {
      page = doc.addPage([W, H]);
      y = H - 50;
    }
  };

  const tw = font.widthOfTextAtSize(safe(p.title), 18);
  text(p.title, (W - tw) / 2, y, 18);
  y -= 30;
  for (const [label, value] of p.facts) {
    newPageIfLow(14);
    text(fit(`${label}：${value}`, W - 2 * M, 9), M, y);
    y -= 14;
  }
  y -= 6;

  // Lines: 序号, 商品名称, 规格, 单位, 数量, 单价, 金额.
  const cols = [M, M + 28, M + 198, M + 318, M + 358, M + 408, M + 468, W - M];
  const heads = ['序号', '商品名称', '规格', '单位', '数量', '单价（元）', '金额（元）'];
  const row = (cells: string[], bold = false) => {
    newPageIfLow(18);
    page.drawLine({ start: { x: M, y: y + 12 }, end: { x: W - M, y: y + 12 }, thickness: bold ? 0.8 : 0.4, color: ink });
    cells.forEach((c, i) => text(fit(c, cols[i + 1]! - cols[i]! - 6, 8), cols[i]! + 3, y, 8));
    y -= 18;
  };
  row(heads, true);
  p.lines.forEach((l, i) =>
    row([String(i + 1), l.name, l.spec, l.unit, String(l.quantity), l.unitPrice, toYuan(l.amountFen)]),
  );
  page.drawLine({ start: { x: M, y: y + 12 }, end: { x: W - M, y: y + 12 }, thickness: 0.8, color: ink });
  y -= 8;
  for (const [label, fen] of p.sums) {
    newPageIfLow(14);
    text(`${label}：¥${toYuan(fen)}`, M, y, 10);
    y -= 15;
  }
  newPageIfLow(16);
  text(`金额大写：人民币${toChineseCapital(total)}`, M, y, 10);
  y -= 18;
  for (const r of p.remarks) {
    newPageIfLow(14);
    text(fit(r, W - 2 * M, 9), M, y);
    y -= 14;
  }
  // Clauses: wrapped character by character (Chinese has no spaces to break at).
  for (const c of p.clauses ?? []) {
    const lines: string[] = [];
    let cur = '';
    for (const ch of safe(c)) {
      if (font.widthOfTextAtSize(cur + ch, 9) > W - 2 * M) {
        lines.push(cur);
        cur = ch;
      } else cur += ch;
    }
    if (cur) lines.push(cur);
    y -= 3;
    for (const l of lines) {
      newPageIfLow(13);
      text(l, M, y);
      y -= 13;
    }
  }

  // Signature / seal boxes.
  newPageIfLow(120);
  y -= 10;
  const gap = 12;
  const bw = (W - 2 * M - gap * (p.signers.length - 1)) / p.signers.length;
  const fields: PaperField[] = [];
  const pageIndex = doc.getPageCount() - 1;
  p.signers.forEach((s, i) => {
    const x = M + i * (bw + gap);
    page.drawRectangle({ x, y: y - 90, width: bw, height: 100, borderColor: ink, borderWidth: 0.6 });
    fields.push({ page: pageIndex, x, y: y - 90, width: bw, height: 100 });
    text(s, x + 8, y - 6, 9);
    text('经办人：', x + 8, y - 60, 8);
    text('日期：', x + 8, y - 78, 8);
  });
  y -= 110;
  text(p.footer ?? `本单据由 AquaMall 平台依订单 ${p.orderNo} 生成`, M, Math.max(y, 30), 7);
  return { pdf: Buffer.from(await doc.save()), fields };
}
