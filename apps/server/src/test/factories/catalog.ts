import { BidStatus, BidType, CompanyType, EnquiryStatus, ProductStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  articles,
  bids,
  categories,
  companies,
  enquiries,
  enquiryItems,
  products,
} from '../../db/schema/index.ts';

/** A small, hand-made mall: enough rows to tell right answers from wrong ones. */
export interface MallFixture {
  shopA: number;
  shopB: number;
  closedShop: number;
  purchaser: number;
  product: Record<string, number>;
  enquiryOpen: number;
  enquiryDraft: number;
  article: number;
  hiddenArticle: number;
  tender: number;
  result: number;
}

const day = 86_400_000;

export async function insertMallFixture(db: Db): Promise<MallFixture> {
  const [a, b, closed, buyer] = await db
    .insert(companies)
    .values([
      {
        name: '江苏蓝天环保科技有限公司',
        type: CompanyType.SUPPLIER,
        shopName: '蓝天水处理旗舰店',
        shopOpen: true,
        shopType: 1,
        contactPhone: '13812345678',
        certStatus: 2,
        memberLevel: 3,
        areaName: '江苏省 南京市',
        creditCode: '91320100MA1XXXXX7K',
      },
      {
        name: '河南巩义净水材料厂',
        type: CompanyType.SUPPLIER,
        shopName: '巩义净水',
        shopOpen: true,
        shopType: 1,
        contactPhone: '13900001111',
        memberLevel: 1,
      },
      { name: '已关闭店铺公司', type: CompanyType.SUPPLIER, shopName: '关闭的店', shopOpen: false },
      {
        name: '北京市第九水厂',
        type: CompanyType.PURCHASER,
        contactPhone: '13700002222',
        areaName: '北京市',
      },
    ])
    .returning({ id: companies.id });
  const [c1, c2] = await db
    .insert(categories)
    .values([
      { name: '水处理药剂', categoryCode: '01', level: 1 },
      { name: '泵阀管件', categoryCode: '02', level: 1 },
    ])
    .returning({ id: categories.id });
  const [c11, c21] = await db
    .insert(categories)
    .values([
      { name: '絮凝剂', categoryCode: '0101', level: 2, parentId: c1!.id },
      { name: '水泵', categoryCode: '0201', level: 2, parentId: c2!.id },
    ])
    .returning({ id: categories.id });
  const p = (
    name: string,
    extra: Partial<typeof products.$inferInsert> = {},
  ): typeof products.$inferInsert => ({
    name,
    companyId: a!.id,
    categoryId: c11!.id,
    categoryCode: '0101',
    price: '100',
    status: ProductStatus.ON_SALE,
    ...extra,
  });
  const rows = await db
    .insert(products)
    .values([
      p('聚合氯化铝 PAC 28% 饮用水级', {
        brand: '蓝天',
        price: '1800',
        salesCount: 50,
        priceTiers: [{ minQty: 10, price: 1700 }],
        images: ['demo/pac.png'],
      }),
      p('聚丙烯酰胺 阴离子', { price: '9000', salesCount: 80, spec: '分子量1200万' }),
      p('复合碳源 污水处理', { price: '2600', salesCount: 10, companyId: b!.id }),
      p('乙酸钠 液体', { price: '1500', salesCount: 30, spec: '含量25% 碳源' }),
      p('不锈钢离心泵', {
        categoryId: c21!.id,
        categoryCode: '0201',
        price: '5200',
        salesCount: 5,
        brand: '南方泵业',
      }),
      p('管道泵 100%铜线', { categoryId: c21!.id, categoryCode: '0201', price: '800', salesCount: 1 }),
      p('下划线_型号 阀门', {
        categoryId: c21!.id,
        categoryCode: '0201',
        price: '300',
        salesCount: 2,
        model: 'A\\B',
      }),
      p('巩义聚铝', {
        companyId: b!.id,
        price: '1200',
        salesCount: 3,
        isPovertyRelief: true,
        originProvinceCode: 410000,
        originCityCode: 410100,
        originName: '河南省 郑州市',
      }),
      p('已下架 碳源', { status: ProductStatus.OFF_SALE }),
      p('关闭店铺 碳源', { companyId: closed!.id }),
      p("O'Brien 单引号 除磷剂", { price: '50' }),
    ])
    .returning({ id: products.id, name: products.name });
  const product = Object.fromEntries(rows.map((r) => [r.name, r.id]));

  const now = Date.now();
  const [e1, e2] = await db
    .insert(enquiries)
    .values([
      {
        companyId: buyer!.id,
        code: 'XJ0001',
        title: '采购聚合氯化铝50吨',
        status: EnquiryStatus.QUOTING,
        deadline: new Date(now + 7 * day),
        publishedAt: new Date(now - day),
        contactName: '王工',
        contactPhone: '13700002222',
        deliveryAreaName: '北京市 朝阳区',
        offerCount: 2,
      },
      {
        companyId: buyer!.id,
        code: 'XJ0002',
        title: '草稿询价',
        status: EnquiryStatus.DRAFT,
        deadline: new Date(now + 7 * day),
      },
      {
        companyId: buyer!.id,
        code: 'XJ0003',
        title: '采购离心泵',
        status: EnquiryStatus.QUOTING,
        deadline: new Date(now - day),
        publishedAt: new Date(now - 3 * day),
      },
    ])
    .returning({ id: enquiries.id });
  await db.insert(enquiryItems).values([
    { enquiryId: e1!.id, productName: '聚合氯化铝', spec: '28%', quantity: '50', unit: '吨' },
    { enquiryId: e1!.id, productName: '聚丙烯酰胺', quantity: '2', unit: '吨' },
  ]);
  const [art, hidden] = await db
    .insert(articles)
    .values([
      {
        categoryCode: 'industry',
        categoryName: '行业资讯',
        title: '污水处理新标准发布',
        content: '<p>正文<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        publishedAt: new Date(now - day),
      },
      { categoryCode: 'industry', categoryName: '行业资讯', title: '隐藏的文章', hidden: true },
      {
        categoryCode: 'notice',
        categoryName: '平台公告',
        title: '平台升级公告',
        isTop: true,
        publishedAt: new Date(now - 2 * day),
      },
    ])
    .returning({ id: articles.id });
  const [tender] = await db
    .insert(bids)
    .values({
      type: BidType.TENDER,
      code: 'ZB2026-001',
      title: '第九水厂药剂年度采购招标',
      status: BidStatus.AWARDED,
      purchaserName: '北京市第九水厂',
      budget: '500000',
      attachments: [{ name: '招标文件.pdf', path: 'bids/zb001.pdf' }],
      deadline: new Date(now - day),
    })
    .returning({ id: bids.id });
  const [result] = await db
    .insert(bids)
    .values({
      type: BidType.RESULT,
      code: 'ZB2026-001-R',
      title: '第九水厂药剂年度采购中标公告',
      status: BidStatus.AWARDED,
      purchaserName: '北京市第九水厂',
      winnerName: '江苏蓝天环保科技有限公司',
      winAmount: '468000',
      tenderId: tender!.id,
    })
    .returning({ id: bids.id });
  await db.insert(bids).values({
    type: BidType.TENDER,
    code: 'ZB2026-002',
    title: '离心泵采购招标',
    status: BidStatus.OPEN,
    deadline: new Date(now + 5 * day),
  });
  return {
    shopA: a!.id,
    shopB: b!.id,
    closedShop: closed!.id,
    purchaser: buyer!.id,
    product,
    enquiryOpen: e1!.id,
    enquiryDraft: e2!.id,
    article: art!.id,
    hiddenArticle: hidden!.id,
    tender: tender!.id,
    result: result!.id,
  };
}
