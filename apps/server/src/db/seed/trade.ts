import { chinaMonth } from '@aquamall/shared';
import { bids, enquiries, enquiryItems } from '../schema/index.ts';
import type { Db } from '../client.ts';
import type { SeededLeaf } from './categories.ts';
import type { SeededCompany } from './companies.ts';
import { at1700Beijing, DAY_MS, daysAgo, type Random } from './random.ts';

const TENDERS: [number, string, string, number][] = [
  // [purchaser index, title, scope, budget in yuan]
  [0, '2026年度水处理药剂集中采购项目', '聚合氯化铝、聚丙烯酰胺、乙酸钠碳源及除磷剂年度供货', 4_800_000],
  [2, '污水处理厂提标改造工程设备采购', '反硝化滤池、加药装置、在线监测仪表及配套阀门', 12_600_000],
  [1, '反渗透膜元件更换采购项目', '8040苦咸水反渗透膜元件320支及安装调试', 1_350_000],
  [3, '城区管网改造PE给水管材采购', 'PE100给水管DN110-DN315及配套电熔管件', 2_280_000],
  [4, '循环水阻垢缓蚀剂年度采购', '循环冷却水阻垢缓蚀剂、杀菌灭藻剂年度供货及技术服务', 960_000],
  [5, '纯水系统超滤膜采购', '外压式PVDF超滤膜组件48支', 420_000],
  [6, '锅炉补给水除氧剂采购', '有机除氧剂年度供货', 360_000],
  [0, '再生水厂在线监测仪表采购', 'COD、氨氮、总磷在线分析仪及数据采集系统', 1_100_000],
  [2, '污泥深度脱水设备采购项目', '隔膜板框压滤机2台及配套调理系统', 3_600_000],
  [1, '次氯酸钠消毒剂年度采购', '10%次氯酸钠溶液年度供货约2400吨', 2_040_000],
  [3, '加压泵站离心泵更换项目', '卧式中开离心泵4台及电控柜', 880_000],
  [4, '污水站运营托管服务招标', '厂区污水处理站三年运营托管', 2_700_000],
];

function tenderContent(purchaser: string, title: string, scope: string, budget: number, deadline: Date): string {
  const d = deadline.toISOString().slice(0, 10);
  return [
    `<h3>一、项目概况</h3><p>${purchaser}就“${title}”进行公开招标，欢迎符合条件的供应商参加投标。</p>`,
    `<h3>二、采购内容</h3><p>${scope}。预算金额：${(budget / 10_000).toFixed(2)}万元。</p>`,
    `<h3>三、投标人资格要求</h3><ul><li>具有独立法人资格，持有有效营业执照；</li><li>近三年具有同类项目供货业绩；</li><li>本项目不接受联合体投标。</li></ul>`,
    `<h3>四、投标截止时间</h3><p>${d} 17:00（北京时间），逾期送达的投标文件不予受理。</p>`,
    `<h3>五、联系方式</h3><p>采购人：${purchaser}，联系电话见采购人主页。</p>`,
  ].join('');
}

async function seedEnquiries(db: Db, purchasers: SeededCompany[], leaves: SeededLeaf[], rnd: Random, now: Date) {
  const demo = purchasers.find((p) => p.def.phone === '18800000004')!;
  // Statuses: 1 报价中 ×12, 2 已截止 ×4, 3 已成交 ×3, 0 草稿 ×2, 4 已撤销 ×2.
  const statuses = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 0, 0, 4, 4];
  // What water utilities and plants buy; one enquiry asks for items of one branch, as a buyer would.
  const branches = ['水处理药剂', '水处理设备', '膜及膜组件', '泵阀管件', '检测仪器', '管材管件', '污泥处理', '给水设备', '过滤材料'];
  const rows = statuses.map((status, i) => {
    const buyer = i % 3 === 0 ? demo : (purchasers[i % purchasers.length] as SeededCompany);
    const branch = branches[i % branches.length] as string;
    const items = rnd.sample(leaves.filter((l) => l.top.name === branch), rnd.int(1, 3));
    const published = daysAgo(now, rnd.int(1, 25), rnd);
    const deadline = at1700Beijing(
      status <= 1 ? new Date(now.getTime() + rnd.int(3, 30) * DAY_MS) : new Date(published.getTime() + rnd.int(3, 10) * DAY_MS),
    );
    const first = items[0]!;
    return {
      row: {
        companyId: buyer.id,
        code: `XJ${published.toISOString().slice(0, 10).replace(/-/g, '')}${String(i + 1).padStart(4, '0')}`,
        title: items.length > 1 ? `${first.def.name}等${items.length}项物资采购询价` : `${first.def.name}采购询价`,
        status,
        deadline: status > 1 && deadline > now ? at1700Beijing(new Date(now.getTime() - DAY_MS)) : deadline,
        deliveryProvinceCode: buyer.def.area[0],
        deliveryCityCode: buyer.def.area[1],
        deliveryDistrictCode: buyer.def.area[2],
        deliveryAreaName: buyer.def.area[3],
        deliveryAddress: buyer.def.address,
        contactName: buyer.def.contact[0],
        contactPhone: buyer.def.contact[1],
        remark: rnd.pick(['含税含运费到厂价，请注明供货周期。', '需提供产品检测报告及营业执照复印件。', '可分批供货，请报阶梯价格。', '']),
        publishedAt: status === 0 ? null : published,
        createdAt: published,
        updatedAt: published,
      },
      items: items.map((leaf) => ({
        productName: leaf.def.names[0] as string,
        spec: rnd.pick(leaf.def.specs),
        quantity: String(leaf.def.unit === '吨' ? rnd.int(5, 200) : leaf.def.unit === '米' ? rnd.int(200, 5000) : rnd.int(1, 40)),
        unit: leaf.def.unit,
        categoryId: leaf.id,
        remark: '',
      })),
    };
  });
  const inserted = await db.insert(enquiries).values(rows.map((r) => r.row)).returning({ id: enquiries.id });
  await db.insert(enquiryItems).values(inserted.flatMap((e, i) => rows[i]!.items.map((it) => ({ ...it, enquiryId: e.id }))));
}

async function seedBids(db: Db, purchasers: SeededCompany[], suppliers: SeededCompany[], rnd: Random, now: Date) {
  const tenderRows = TENDERS.map(([pi, title, scope, budget], i) => {
    const buyer = purchasers[pi % purchasers.length] as SeededCompany;
    // First half still open (deadline ahead); the rest closed, and every other closed one awarded.
    const open = i < 6;
    const published = daysAgo(now, open ? rnd.int(1, 12) : rnd.int(30, 90), rnd);
    const deadline = at1700Beijing(open ? new Date(now.getTime() + rnd.int(5, 25) * DAY_MS) : new Date(published.getTime() + 20 * DAY_MS));
    const fullTitle = `${buyer.def.name.replace(/有限公司|股份有限公司/g, '')}${title}`;
    return {
      companyId: buyer.id,
      type: 1,
      code: `ZB-${chinaMonth(published).slice(0, 4)}-${String(1001 + i)}`,
      title: fullTitle,
      status: open ? 1 : i % 2 === 0 ? 3 : 2,
      purchaserName: buyer.def.name,
      budget: budget.toFixed(2),
      areaName: buyer.def.area[3],
      content: tenderContent(buyer.def.name, fullTitle, scope, budget, deadline),
      deadline,
      openAt: new Date(deadline.getTime() + 3_600_000),
      publishedAt: published,
      createdAt: published,
    };
  });
  const tenders = await db.insert(bids).values(tenderRows).returning({ id: bids.id, status: bids.status });
  const results = tenders.flatMap((t, i) => {
    if (t.status !== 3) return [];
    const tender = tenderRows[i]!;
    const winner = rnd.pick(suppliers);
    const amount = Number(tender.budget) * rnd.float(0.82, 0.97);
    const published = new Date(tender.deadline.getTime() + 5 * DAY_MS);
    return [{
      companyId: tender.companyId,
      type: 2,
      code: `${tender.code}-ZBGG`,
      title: `${tender.title}中标结果公告`,
      status: 3,
      purchaserName: tender.purchaserName,
      budget: tender.budget,
      areaName: tender.areaName,
      content: `<h3>一、项目名称</h3><p>${tender.title}（${tender.code}）</p><h3>二、中标人</h3><p>${winner.def.name}</p><h3>三、中标金额</h3><p>${(amount / 10_000).toFixed(2)}万元</p><h3>四、公示期</h3><p>自公告发布之日起3个工作日。</p>`,
      winnerName: winner.def.name,
      winAmount: amount.toFixed(2),
      tenderId: t.id,
      publishedAt: published,
      createdAt: published,
    }];
  });
  if (results.length) await db.insert(bids).values(results);
}

/** Enquiries (with items) of the purchasers, tenders and their results. */
export async function seedTrade(db: Db, purchasers: SeededCompany[], suppliers: SeededCompany[], leaves: SeededLeaf[], rnd: Random, now: Date) {
  await seedEnquiries(db, purchasers, leaves, rnd, now);
  await seedBids(db, purchasers, suppliers, rnd, now);
}
