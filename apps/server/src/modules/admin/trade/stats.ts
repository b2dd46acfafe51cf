import { and, gte, lt, ne, sql } from 'drizzle-orm';
import { CHINA_TZ, chinaDayEnd, chinaDayStart, OrderStatus, toFen, toYuan, type AdminTradeStats, type adminTradeStatsQuery, type z } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies, orders } from '../../../db/schema/index.ts';
import { loadExcel } from '../../../lib/lazy.ts';

type StatsQuery = z.infer<typeof adminTradeStatsQuery>;
type Period = AdminTradeStats['periods'][number];

/** Every period of the range, China days (2026-03-01) or months (2026-03), in order. */
export function periodsOf(q: StatsQuery): string[] {
  const out: string[] = [];
  const d = new Date(`${q.dateFrom}T00:00:00Z`);
  const end = new Date(`${q.dateTo}T00:00:00Z`);
  while (d <= end) {
    const day = d.toISOString().slice(0, 10);
    const key = q.granularity === 'day' ? day : day.slice(0, 7);
    if (out[out.length - 1] !== key) out.push(key);
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * The platform's trade by China day or month: GMV (orders placed and not cancelled, their totals summed exactly
 * by the database), order count, companies registered, and the suppliers and purchasers with at least one such
 * order. The total row counts a company active once over the whole range.
 */
export async function tradeStats(db: Db, q: StatsQuery): Promise<AdminTradeStats> {
  const from = chinaDayStart(q.dateFrom);
  const to = chinaDayEnd(q.dateTo);
  // A fixed literal (not a parameter), so the select and the GROUP BY are the same expression.
  const fmt = sql.raw(q.granularity === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`);
  const orderPeriod = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${CHINA_TZ}'`)}, ${fmt})`;
  const companyPeriod = sql<string>`to_char(${companies.createdAt} at time zone ${sql.raw(`'${CHINA_TZ}'`)}, ${fmt})`;
  const placed = and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, OrderStatus.CANCELLED));
  const tradeColumns = {
    gmv: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::text`,
    orders: sql<number>`count(*)::int`,
    activeSuppliers: sql<number>`count(distinct ${orders.sellerCompanyId})::int`,
    activePurchasers: sql<number>`count(distinct ${orders.buyerCompanyId})::int`,
  };
  const [trade, joined, [tradeTotal], [joinedTotal]] = await Promise.all([
    db.select({ period: orderPeriod, ...tradeColumns }).from(orders).where(placed).groupBy(orderPeriod),
    db
      .select({ period: companyPeriod, n: sql<number>`count(*)::int` })
      .from(companies)
      .where(and(gte(companies.createdAt, from), lt(companies.createdAt, to)))
      .groupBy(companyPeriod),
    db.select(tradeColumns).from(orders).where(placed),
    db.select({ n: sql<number>`count(*)::int` }).from(companies).where(and(gte(companies.createdAt, from), lt(companies.createdAt, to))),
  ]);
  const tradeBy = new Map(trade.map((r) => [r.period, r]));
  const joinedBy = new Map(joined.map((r) => [r.period, r.n]));
  // The database sums the numeric amounts exactly; the kernel writes them in the one wire form (yuan, 2 decimals).
  const yuan = (sum: string | undefined) => toYuan(toFen(sum ?? '0'));
  const periods: Period[] = periodsOf(q).map((period) => {
    const t = tradeBy.get(period);
    return {
      period,
      gmv: yuan(t?.gmv),
      orders: t?.orders ?? 0,
      newCompanies: joinedBy.get(period) ?? 0,
      activeSuppliers: t?.activeSuppliers ?? 0,
      activePurchasers: t?.activePurchasers ?? 0,
    };
  });
  return {
    periods,
    total: {
      period: '合计',
      gmv: yuan(tradeTotal?.gmv),
      orders: tradeTotal?.orders ?? 0,
      newCompanies: joinedTotal?.n ?? 0,
      activeSuppliers: tradeTotal?.activeSuppliers ?? 0,
      activePurchasers: tradeTotal?.activePurchasers ?? 0,
    },
  };
}

/** The statistics as an .xlsx workbook (a cover sheet with the range, then one row per period and the total). */
export async function exportTradeStats(db: Db, q: StatsQuery): Promise<Buffer> {
  const stats = await tradeStats(db, q);
  const wb = new (await loadExcel()).Workbook();
  const info = wb.addWorksheet('说明');
  info.columns = [
    { header: '报表', key: 'k', width: 14 },
    { header: '平台交易统计', key: 'v', width: 48 },
  ];
  info.addRow({ k: '统计区间', v: `${q.dateFrom} 至 ${q.dateTo}（北京时间）` });
  info.addRow({ k: '统计粒度', v: q.granularity === 'day' ? '按日' : '按月' });
  info.addRow({ k: '统计口径', v: '区间内下单且未取消的订单；活跃企业为区间内有此类订单的供应商/采购商' });
  const sheet = wb.addWorksheet('交易统计');
  sheet.columns = [
    { header: '统计周期', key: 'period', width: 14 },
    { header: 'GMV（元）', key: 'gmv', width: 18 },
    { header: '订单数', key: 'orders', width: 10 },
    { header: '新增企业', key: 'newCompanies', width: 10 },
    { header: '活跃供应商', key: 'activeSuppliers', width: 12 },
    { header: '活跃采购商', key: 'activePurchasers', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const p of [...stats.periods, stats.total]) sheet.addRow({ ...p, gmv: Number(p.gmv) });
  sheet.getColumn('gmv').numFmt = '#,##0.00';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
