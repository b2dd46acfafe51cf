import { and, asc, count, desc, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import { loadExcel, loadPdfLib } from '../../lib/lazy.ts';
import { CompanyType, enumLabel, STATEMENT_MOVEMENTS_MAX, StatementStatus, statementMachine, statementOverlapMessage, type CreditLedgerRow, type Paged, type StatementDetail, type StatementOverlap, type StatementRow, formatChinaDate, formatChinaDateTime, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { creditAccounts, creditStatements } from '../../db/schema/index.ts';
import { conflict, isError } from '../../lib/errors.ts';
import { loadDocumentFont } from '../../lib/partners/pdf-font.ts';
import { recordHistory, transition } from '../../lib/transition.ts';
import type { Caller } from '../auth/index.ts';
import { accountFor, DOC, guardAccount, historyActor, inTx, requireType, sideIn, sumsOf, tellOther } from './ledger.ts';
import { dayStart, movements } from './queries.ts';
import { fail } from './messages.ts';

/**
 * Statements of account (对账单, decision 0131): the supplier issues one for whole days (China time); its opening
 * and closing figures are the ledger sums before and after the period, frozen on the row; the movements are
 * read from the append-only ledger (they cannot change). The purchaser confirms or disputes it with a reason.
 */


/** [start, end) of a statement for the days from–to: a period that runs past now ends now (as it is stored). */
function periodOf(input: { from: string; to: string }, now: Date): { start: Date; until: Date } {
  const start = dayStart(input.from);
  const end = dayStart(input.to, 1);
  return { start, until: end.getTime() > now.getTime() ? now : end };
}

/**
 * The first standing statement of the account whose period overlaps [start, until), or null. A statement
 * 有异议 does not stand (the supplier issues a corrected one for the same days); 待确认 and 已确认 do.
 */
async function overlapping(t: Db, accountId: number, start: Date, until: Date): Promise<StatementOverlap> {
  const [s] = await t
    .select({ id: creditStatements.id, periodStart: creditStatements.periodStart, periodEnd: creditStatements.periodEnd })
    .from(creditStatements)
    .where(
      and(
        eq(creditStatements.accountId, accountId),
        ne(creditStatements.status, StatementStatus.DISPUTED),
        lt(creditStatements.periodStart, until),
        gt(creditStatements.periodEnd, start),
      ),
    )
    .orderBy(asc(creditStatements.periodStart), asc(creditStatements.id))
    .limit(1);
  if (!s) return null;
  const found = { id: s.id, from: shanghai(s.periodStart.toISOString(), false), to: lastDay(s.periodEnd.toISOString()) };
  return { ...found, message: statementOverlapMessage(found) };
}

/** What the issue form warns about as soon as a period is chosen: the same check issuing makes, unlocked. */
export async function statementOverlapFor(
  db: Db,
  caller: Caller,
  input: { accountId: number; from: string; to: string },
  now = new Date(),
): Promise<StatementOverlap> {
  requireType(caller, 'seller');
  const a = await accountFor(db, caller, input.accountId, 'seller');
  const { start, until } = periodOf(input, now);
  return overlapping(db, a.id, start, until);
}

/**
 * The supplier issues a statement for from–to (inclusive days); the period may not end in the future nor
 * overlap a standing statement of the account. The overlap is checked under the account row lock, so two
 * parallel issues of overlapping periods make one statement (the second waits, then finds the first).
 */
export async function issueStatement(
  db: Db,
  caller: Caller,
  input: { accountId: number; from: string; to: string },
  now = new Date(),
): Promise<{ id: number }> {
  requireType(caller, 'seller');
  const { start, until } = periodOf(input, now);
  if (start.getTime() > now.getTime()) throw fail('CREDIT_STATEMENT_FUTURE');
  return inTx(db, async (t) => {
    const a = await accountFor(t, caller, input.accountId, 'seller', true);
    guardAccount(a, 'issueStatement');
    const overlap = await overlapping(t, a.id, start, until);
    if (overlap) throw conflict(overlap.message);
    const opening = (await sumsOf(t, [a.id], start)).get(a.id)!;
    const closing = (await sumsOf(t, [a.id], until)).get(a.id)!;
    const [row] = await t
      .insert(creditStatements)
      .values({
        accountId: a.id,
        periodStart: start,
        periodEnd: until,
        openingBalance: toYuan(opening.balanceFen),
        openingCredit: toYuan(opening.creditFen),
        closingBalance: toYuan(closing.balanceFen),
        closingCredit: toYuan(closing.creditFen),
        createdBy: caller.userId,
        createdAt: now,
      })
      .returning({ id: creditStatements.id, status: creditStatements.status });
    await recordHistory(t, {
      docType: DOC.statement,
      docId: row!.id,
      action: 'create',
      fromStatus: null,
      toStatus: row!.status,
      actor: await historyActor(t, caller, 'seller'),
      note: `${input.from} 至 ${input.to}`,
      now,
    });
    await tellOther(
      t,
      a,
      'seller',
      '新的对账单',
      `${a.sellerCompanyName} 出具了 ${input.from} 至 ${input.to} 的对账单，请核对确认。`,
      `/customer/companyAccount/editor?id=${a.id}&statement=${row!.id}`,
      { event: 'statement.toConfirm', vars: { no: `${input.from}至${input.to}` } },
    );
    return { id: row!.id };
  });
}

function toRow(
  s: typeof creditStatements.$inferSelect,
  a: { buyerCompanyName: string; sellerCompanyName: string },
): StatementRow {
  return {
    id: s.id,
    accountId: s.accountId,
    buyerCompanyName: a.buyerCompanyName,
    sellerCompanyName: a.sellerCompanyName,
    periodStart: s.periodStart.toISOString(),
    periodEnd: s.periodEnd.toISOString(),
    openingBalance: s.openingBalance,
    openingCredit: s.openingCredit,
    closingBalance: s.closingBalance,
    closingCredit: s.closingCredit,
    status: s.status,
    disputeReason: s.disputeReason,
    createdAt: s.createdAt.toISOString(),
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
  };
}

export async function listStatements(
  db: Db,
  caller: Caller,
  q: { accountId?: number | undefined; status?: number | undefined; pageIndex: number; pageSize: number },
): Promise<Paged<StatementRow>> {
  const conds: SQL[] = [
    caller.companyType === CompanyType.SUPPLIER
      ? eq(creditAccounts.sellerCompanyId, caller.companyId)
      : eq(creditAccounts.buyerCompanyId, caller.companyId),
  ];
  if (q.accountId !== undefined) conds.push(eq(creditStatements.accountId, q.accountId));
  if (q.status !== undefined) conds.push(eq(creditStatements.status, q.status));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        s: creditStatements,
        buyerCompanyName: creditAccounts.buyerCompanyName,
        sellerCompanyName: creditAccounts.sellerCompanyName,
      })
      .from(creditStatements)
      .innerJoin(creditAccounts, eq(creditAccounts.id, creditStatements.accountId))
      .where(where)
      .orderBy(desc(creditStatements.createdAt), desc(creditStatements.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(creditStatements)
      .innerJoin(creditAccounts, eq(creditAccounts.id, creditStatements.accountId))
      .where(where),
  ]);
  return { list: rows.map((r) => toRow(r.s, r)), total: total!.n };
}

/** One statement of an account the caller's company is party to, with every movement of its period. */
export async function statementDetail(db: Db, caller: Caller, id: number): Promise<StatementDetail> {
  const [s] = await db.select().from(creditStatements).where(eq(creditStatements.id, id));
  if (!s) throw fail('CREDIT_STATEMENT_NOT_FOUND');
  const a = await accountFor(db, caller, s.accountId, null).catch(() => {
    throw fail('CREDIT_STATEMENT_NOT_FOUND');
  });
  const { list } = await movements(
    db,
    a.id,
    { from: s.periodStart, to: s.periodEnd },
    { pageIndex: 1, pageSize: STATEMENT_MOVEMENTS_MAX },
    false,
  );
  return { ...toRow(s, a), viewer: sideIn(a, caller.companyId) === 'buyer' ? 0 : 1, movements: list };
}

/** The purchaser confirms (or disputes with a reason) a statement waiting for it. */
export async function answerStatement(
  db: Db,
  caller: Caller,
  id: number,
  dispute: string | null,
  now = new Date(),
): Promise<void> {
  requireType(caller, 'buyer');
  await inTx(db, async (t) => {
    const [head] = await t
      .select({ accountId: creditStatements.accountId })
      .from(creditStatements)
      .where(eq(creditStatements.id, id));
    if (!head) throw fail('CREDIT_STATEMENT_NOT_FOUND');
    const a = await accountFor(t, caller, head.accountId, 'buyer', true).catch((e: unknown) => {
      throw isError(e, 'CREDIT_ACCOUNT_NOT_FOUND') ? fail('CREDIT_STATEMENT_NOT_FOUND') : e;
    });
    const [s] = await t.select().from(creditStatements).where(eq(creditStatements.id, id)).for('update');
    await transition(t, {
      machine: statementMachine,
      action: dispute ? 'dispute' : 'confirm',
      docType: DOC.statement,
      docId: id,
      from: s!.status,
      actor: await historyActor(t, caller, 'buyer'),
      note: dispute ?? undefined,
      now,
      apply: async (status) => {
        await t
          .update(creditStatements)
          .set(dispute ? { status, disputeReason: dispute } : { status, confirmedAt: now })
          .where(eq(creditStatements.id, id));
      },
    });
    await tellOther(
      t,
      a,
      'buyer',
      dispute ? '对账单有异议' : '对账单已确认',
      dispute ? `${a.buyerCompanyName} 对对账单提出异议：${dispute}` : `${a.buyerCompanyName} 已确认对账单。`,
      `/customer/companyAccount/editor?id=${a.id}&statement=${id}`,
    );
  });
}

// ---- exports ----

const shanghai = (iso: string, withTime = true) => (withTime ? formatChinaDateTime(iso) : formatChinaDate(iso));
/** The last day of a period that ends at a China midnight (end exclusive). */
const lastDay = (iso: string) => shanghai(new Date(new Date(iso).getTime() - 1).toISOString(), false);
const kindName = (k: number) => enumLabel('CreditMovement', k) ?? String(k);

/** Running balance and credit used after each movement, from the opening figures. */
function running(d: StatementDetail) {
  let b = toFen(d.openingBalance);
  let c = toFen(d.openingCredit);
  return d.movements.map((m) => {
    b += toFen(m.balanceDelta);
    c += toFen(m.creditDelta);
    return { m, balance: toYuan(b), credit: toYuan(c) };
  });
}

export const ledgerColumns = [
  { header: '时间', key: 'at', width: 17 },
  { header: '类型', key: 'kind', width: 10 },
  { header: '余额变动（元）', key: 'balance', width: 14 },
  { header: '已用额度变动（元）', key: 'credit', width: 16 },
  { header: '订单号', key: 'orderNo', width: 20 },
  { header: '到期日', key: 'dueAt', width: 12 },
  { header: '说明', key: 'note', width: 36 },
  { header: '经办人', key: 'by', width: 12 },
];
export const ledgerCells = (m: CreditLedgerRow) => ({
  at: shanghai(m.createdAt),
  kind: kindName(m.kind),
  balance: Number(m.balanceDelta),
  credit: Number(m.creditDelta),
  orderNo: m.orderNo ?? '',
  dueAt: m.dueAt ? shanghai(m.dueAt, false) : '',
  note: m.note,
  by: m.createdByName,
});

export async function statementExcel(db: Db, caller: Caller, id: number): Promise<Buffer> {
  const d = await statementDetail(db, caller, id);
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('对账单');
  sheet.addRow([`对账单：${d.sellerCompanyName} — ${d.buyerCompanyName}`]).font = { bold: true, size: 13 };
  sheet.addRow([
    `对账期间：${shanghai(d.periodStart, false)} 至 ${lastDay(d.periodEnd)}`,
    '',
    `状态：${enumLabel('StatementStatus', d.status) ?? ''}`,
  ]);
  sheet.addRow(['期初余额（元）', Number(d.openingBalance), '期初已用额度（元）', Number(d.openingCredit)]);
  sheet.addRow([]);
  const head = sheet.addRow([...ledgerColumns.map((c) => c.header), '结余（元）', '已用额度（元）']);
  head.font = { bold: true };
  ledgerColumns.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width));
  for (const r of running(d)) {
    const cells = ledgerCells(r.m);
    sheet.addRow([
      ...ledgerColumns.map((c) => cells[c.key as keyof typeof cells]),
      Number(r.balance),
      Number(r.credit),
    ]);
  }
  sheet.addRow([]);
  sheet.addRow(['期末余额（元）', Number(d.closingBalance), '期末已用额度（元）', Number(d.closingCredit)]);
  sheet.addRow([`共 ${d.movements.length} 笔变动`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The statement as an A4 PDF with Chinese text (Noto Sans CJK from the system, see pdf-font.ts). */
export async function statementPdf(db: Db, caller: Caller, id: number): Promise<Buffer> {
  const d = await statementDetail(db, caller, id);
  const { PDFDocument, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const { font } = await loadDocumentFont(doc);
  doc.setTitle(`对账单 ${d.sellerCompanyName} — ${d.buyerCompanyName}`);
  doc.setSubject(`对账单 共 ${d.movements.length} 笔变动`);
  doc.setKeywords([
    `movements:${d.movements.length}`,
    `closingBalance:${d.closingBalance}`,
    `closingCredit:${d.closingCredit}`,
  ]);
  doc.setProducer('AquaMall');
  const size = 9;
  let page = doc.addPage([595, 842]);
  let y = 800;
  const line = (text: string, s = size, x = 40) => {
    if (y < 50) {
      page = doc.addPage([595, 842]);
      y = 800;
    }
    page.drawText(text, { x, y, size: s, font, color: rgb(0.1, 0.1, 0.1) });
    y -= s + 6;
  };
  const cols = [40, 130, 185, 265, 345, 450];
  const rowText = (cells: string[]) => {
    if (y < 50) {
      page = doc.addPage([595, 842]);
      y = 800;
    }
    cells.forEach((c, i) => page.drawText(c.slice(0, i === 5 ? 14 : 24), { x: cols[i]!, y, size: 8, font }));
    y -= 14;
  };
  line('对账单', 16);
  line(`供应商：${d.sellerCompanyName}    采购商：${d.buyerCompanyName}`);
  line(
    `对账期间：${shanghai(d.periodStart, false)} 至 ${lastDay(d.periodEnd)}    状态：${enumLabel('StatementStatus', d.status) ?? ''}`,
  );
  line(`期初余额 ¥${d.openingBalance}    期初已用额度 ¥${d.openingCredit}`);
  y -= 4;
  rowText(['时间', '类型', '余额变动', '已用额度变动', '订单号', '说明']);
  for (const r of running(d)) {
    const m = r.m;
    rowText([
      shanghai(m.createdAt),
      kindName(m.kind),
      m.balanceDelta,
      m.creditDelta,
      m.orderNo ?? '',
      m.note,
    ]);
  }
  y -= 4;
  line(
    `期末余额 ¥${d.closingBalance}    期末已用额度 ¥${d.closingCredit}    共 ${d.movements.length} 笔变动`,
  );
  if (d.status === StatementStatus.DISPUTED) line(`异议：${d.disputeReason ?? ''}`);
  return Buffer.from(await doc.save());
}

/** Accounts list and ledger exports (same scope and filters as the pages). */
export async function accountsExcel(
  list: {
    buyerCompanyName: string;
    sellerCompanyName: string;
    status: number;
    creditLimit: string;
    paymentDays: number;
    balance: string;
    creditUsed: string;
    available: string;
    overdue: string;
  }[],
  supplier: boolean,
): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('信用账户');
  sheet.columns = [
    { header: supplier ? '客户' : '供应商', key: 'name', width: 30 },
    { header: '状态', key: 'status', width: 10 },
    { header: '信用额度（元）', key: 'limit', width: 14 },
    { header: '账期（天）', key: 'days', width: 10 },
    { header: '余额（元）', key: 'balance', width: 14 },
    { header: '已用额度（元）', key: 'used', width: 14 },
    { header: '可用额度（元）', key: 'available', width: 14 },
    { header: '逾期金额（元）', key: 'overdue', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const a of list)
    sheet.addRow({
      name: supplier ? a.buyerCompanyName : a.sellerCompanyName,
      status: enumLabel('CreditAccountStatus', a.status) ?? '',
      limit: Number(a.creditLimit),
      days: a.paymentDays,
      balance: Number(a.balance),
      used: Number(a.creditUsed),
      available: Number(a.available),
      overdue: Number(a.overdue),
    });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function ledgerExcel(list: CreditLedgerRow[]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('账户流水');
  sheet.columns = ledgerColumns;
  sheet.getRow(1).font = { bold: true };
  for (const m of list) sheet.addRow(ledgerCells(m));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
