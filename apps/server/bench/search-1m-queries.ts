/** The keywords and the uncached query spread of `bench:search-1m` (also read by bench/search-paths.ts). */

/** Keywords by length, most popular first (words buyers type: products, materials, generic terms). */
export const BY_LENGTH: Record<number, string[]> = {
  1: ['泵', '阀', '膜', '砂', '铝', '炭', '管', '剂', '表', '盐'],
  2: ['碳源', '水泵', '消毒', '滤料', '阀门', '除磷', '曝气', '絮凝', '污泥', '药剂'],
  3: ['絮凝剂', '流量计', '离心泵', '石英砂', '压滤机', '止回阀', '紫外线', '溶解氧', '活性炭', '净水剂'],
  4: ['聚合氯化', '次氯酸钠', '聚丙烯酰', '二氧化氯', '复合碳源', '反渗透膜', '电磁流量', '阻垢剂类', '缓蚀阻垢', '硫酸亚铁'],
};

/** Every request a query no other request of the last seconds asked: keyword × category × sort × page. */
export function missingBodies(): Record<string, unknown>[] {
  const words = Object.values(BY_LENGTH).flat();
  const categories = ['', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
  const sorts = ['relevance', 'priceAsc', 'sales', 'newest'];
  const out: Record<string, unknown>[] = [];
  for (const page of [1, 2])
    for (const sort of sorts)
      for (const categoryCode of categories)
        for (const productName of words)
          out.push({ pageIndex: page, pageSize: 20, productName, sort, ...(categoryCode ? { categoryCode } : {}) });
  return out;
}
