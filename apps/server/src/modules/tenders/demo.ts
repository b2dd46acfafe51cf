import { and, asc, eq, inArray } from 'drizzle-orm';
import { BidStatus, BidType, CompanyType, TenderBidStatus, TenderLotStatus, sumFen, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  bids,
  companies,
  tenderBids,
  tenderBidVersions,
  tenderLots,
  tenderQuestions,
  tenderScores,
  users,
  type OpeningEntry,
} from '../../db/schema/index.ts';
import { addDays, addHours, scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { TENDER_JOBS, purchaserLink, supplierLink } from './common.ts';
import { documentNumber } from '../../lib/doc-numbers.ts';

type Lot = { name: string; spec: string; quantity: number; unit: string; budget: number };
type Phase = 'open' | 'opened' | 'failed' | 'awarded';

const LOTS: Lot[][] = [
  [
    { name: '聚合氯化铝（PAC）', spec: '液体，氧化铝含量≥10%', quantity: 600, unit: '吨', budget: 840_000 },
    { name: '阳离子聚丙烯酰胺（PAM）', spec: '离子度40%，分子量≥1200万', quantity: 40, unit: '吨', budget: 560_000 },
  ],
  [{ name: '一体化加药装置', spec: 'PAC/PAM双药剂，含计量泵及控制柜', quantity: 2, unit: '套', budget: 360_000 }],
  [{ name: '8040反渗透膜元件', spec: '苦咸水膜，脱盐率≥99.5%', quantity: 120, unit: '支', budget: 540_000 }],
  [
    { name: '次氯酸钠溶液', spec: '有效氯≥10%', quantity: 800, unit: '吨', budget: 680_000 },
    { name: '乙酸钠碳源', spec: '液体，COD当量≥20万mg/L', quantity: 300, unit: '吨', budget: 450_000 },
  ],
];
const TITLES = ['2026年药剂集中采购（PAC/PAM）招标', '加药间改造一体化加药装置采购', '反渗透膜元件更换招标', '消毒剂及碳源年度采购招标'];
const PHASES: Phase[] = ['open', 'opened', 'failed', 'awarded'];

/**
 * For the demo seed (direct inserts, fast): four workbench tenders of the demo purchaser (18800000004), one in
 * each phase — 招标中 with bids and Q&A, 已开标 waiting for scoring, 流标, and 已定标 with its 中标公告 in the
 * publicity period — bid on by the demo suppliers (18800000002, 18800000003) and other seeded suppliers.
 */
export async function seedDemoTenders(db: Db, now = new Date()): Promise<void> {
  const [buyerUser] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.phone, '18800000004'));
  const demoSuppliers = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(inArray(users.phone, ['18800000002', '18800000003']))
    .orderBy(asc(users.phone));
  if (!buyerUser?.companyId) return;
  const [buyer] = await db.select().from(companies).where(eq(companies.id, buyerUser.companyId));
  const others = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.type, CompanyType.SUPPLIER), eq(companies.shopOpen, true)))
    .orderBy(asc(companies.id))
    .limit(8);
  const demoIds = demoSuppliers.flatMap((s) => (s.companyId ? [s.companyId] : []));
  const bidders = [...demoIds, ...others.map((o) => o.id).filter((id) => !demoIds.includes(id))].slice(0, 4);
  const nameOf = new Map(others.map((o) => [o.id, o.name]));
  for (const id of demoIds) {
    const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
    nameOf.set(id, c?.name ?? '');
  }
  if (!buyer || bidders.length < 3) return;

  for (const [i, phase] of PHASES.entries()) {
    const published = addDays(now, phase === 'open' ? -3 : -20 - i * 3);
    const deadline = phase === 'open' ? addDays(now, 7) : addDays(published, 10);
    const openAt = addHours(deadline, 1);
    const lots = LOTS[i]!;
    const status = { open: BidStatus.OPEN, opened: BidStatus.OPENED, failed: BidStatus.FAILED, awarded: BidStatus.AWARDED }[phase];
    const publicityEndsAt = phase === 'awarded' ? addDays(now, 2) : null;
    const [tender] = await db
      .insert(bids)
      .values({
        companyId: buyer.id,
        type: BidType.TENDER,
        code: documentNumber('ZB', 9001 + i, 0, published),
        title: `${buyer.name.replace(/有限公司$/, '')}${TITLES[i]}`,
        status,
        purchaserName: buyer.name,
        budget: lots.reduce((s, l) => s + l.budget, 0).toFixed(2),
        budgetShown: i !== 1,
        areaName: buyer.areaName ?? '',
        category: i === 1 ? '水处理设备' : i === 2 ? '膜及膜组件' : '水处理药剂',
        content: `<p>${buyer.name}就本项目公开招标，欢迎符合资格条件的供应商报名投标。</p><p>报价为含税到厂单价，有效期不少于90天。</p>`,
        contactName: buyer.contactName ?? '',
        contactPhone: buyer.contactPhone ?? '',
        deadline,
        openAt,
        closedAt: phase === 'open' ? null : deadline,
        openedAt: phase === 'opened' || phase === 'awarded' ? openAt : null,
        publicityEndsAt,
        publishedAt: published,
        createdAt: published,
      })
      .returning();
    const t = tender!;
    const lotRows = await db
      .insert(tenderLots)
      .values(lots.map((l, seq) => ({ tenderId: t.id, seq, name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit, budget: l.budget.toFixed(2) })))
      .returning();
    // Bidders: all four on open, opened and awarded tenders; only one on the failed one.
    const who = phase === 'failed' ? bidders.slice(0, 1) : bidders.slice(0, phase === 'open' ? 3 : 4);
    const record: OpeningEntry[] = [];
    const bidIds: number[] = [];
    for (const [k, companyId] of who.entries()) {
      const submittedAt = addDays(published, 1 + k);
      const [b] = await db
        .insert(tenderBids)
        .values({ tenderId: t.id, companyId, status: TenderBidStatus.SUBMITTED, version: 1, submittedAt, createdAt: submittedAt, updatedAt: submittedAt })
        .returning({ id: tenderBids.id });
      bidIds.push(b!.id);
      const prices = lotRows.map((l, j) => ({ lotId: l.id, price: ((lots[j]!.budget / l.quantity) * (0.86 + 0.03 * k)).toFixed(2) }));
      await db.insert(tenderBidVersions).values({ bidId: b!.id, version: 1, prices, validityDays: 90, remark: '含税含运费到厂价', createdAt: submittedAt });
      record.push({
        bidId: b!.id,
        companyId,
        companyName: nameOf.get(companyId) ?? '',
        submittedAt: submittedAt.toISOString(),
        version: 1,
        prices: prices.map((p, j) => ({ ...p, lotName: lotRows[j]!.name })),
      });
    }
    if (phase === 'open') {
      await db.insert(tenderQuestions).values([
        { tenderId: t.id, companyId: who[0]!, question: '是否接受分批供货？每批最小数量是多少？', answer: '接受分批供货，每批不少于20吨，提前3天通知。', answeredAt: addDays(published, 2), createdAt: addDays(published, 1) },
        { tenderId: t.id, companyId: who[1]!, question: '投标文件是否需要提供第三方检测报告？', createdAt: addDays(published, 2) },
      ]);
      await scheduleJob(db, TENDER_JOBS.CLOSE, t.id, deadline);
      await scheduleJob(db, TENDER_JOBS.OPEN, t.id, openAt);
    }
    if (phase === 'failed') {
      await db.update(tenderLots).set({ status: TenderLotStatus.FAILED }).where(eq(tenderLots.tenderId, t.id));
      await notify(db, who[0]!, { type: 'tender', title: `招标项目「${t.title}」流标`, content: '有效投标不足3家，项目流标。', linkPath: supplierLink(t.id) });
    }
    if (phase === 'opened' || phase === 'awarded') await db.update(bids).set({ openingRecord: record }).where(eq(bids.id, t.id));
    if (phase === 'awarded') {
      // Every lot scored and awarded (lot j to the j-th bidder), one 中标公告 for the tender.
      const awards = lotRows.map((lot, j) => {
        const win = record[j % record.length]!;
        return { lot, win, amount: toYuan(toFen(win.prices[j]!.price) * lot.quantity) };
      });
      for (const { lot, win, amount } of awards) {
        for (const [k, bidId] of bidIds.entries()) {
          const price = bidId === win.bidId ? 96 : 90 - k * 3;
          const tech = bidId === win.bidId ? 88 : 80 - k * 2;
          await db.insert(tenderScores).values({ tenderId: t.id, lotId: lot.id, bidId, priceScore: price.toFixed(2), techScore: tech.toFixed(2), total: ((price * 60 + tech * 40) / 100).toFixed(2) });
        }
        await db.update(tenderLots).set({ status: TenderLotStatus.AWARDED, winnerBidId: win.bidId, winAmount: amount }).where(eq(tenderLots.id, lot.id));
      }
      const winners = [...new Set(awards.map((a) => a.win.companyName))].join('、');
      const total = toYuan(sumFen(awards.map((a) => a.amount)));
      await db.insert(bids).values({
        companyId: buyer.id,
        type: BidType.RESULT,
        code: `${t.code}-GS`,
        title: `${t.title}中标公告`,
        status: BidStatus.AWARDED,
        purchaserName: buyer.name,
        budget: t.budget,
        areaName: t.areaName,
        content: `<p>项目名称：${t.title}（${t.code}）</p>${awards.map((a) => `<p>标段「${a.lot.name}」中标单位：${a.win.companyName}，中标金额：${a.amount}元</p>`).join('')}<p>公示期3天，如有异议请在公示期内提出。</p>`,
        winnerName: winners,
        winAmount: total,
        tenderId: t.id,
        publishedAt: addDays(now, -1),
        createdAt: addDays(now, -1),
      });
      await scheduleJob(db, TENDER_JOBS.PUBLICITY_END, t.id, publicityEndsAt!);
      for (const e of record) {
        const won = awards.filter((a) => a.win.bidId === e.bidId);
        await notify(db, e.companyId, {
          type: 'tender',
          title: `${won.length ? '中标通知' : '未中标通知'}：${t.title}`,
          content: won.length ? `恭喜贵公司中标：${won.map((a) => `「${a.lot.name}」${a.amount}元`).join('，')}。` : `感谢参与投标，中标单位：${winners}。`,
          linkPath: supplierLink(t.id),
        });
      }
    }
    if (phase === 'opened')
      await notify(db, buyer.id, { type: 'tender', title: `招标项目「${t.title}」已开标`, content: `共${record.length}家有效投标，请评标定标。`, linkPath: purchaserLink(t.id) });
  }
}
