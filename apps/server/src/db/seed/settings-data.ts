import type { SiteSettings, StatisticSetting } from '@aquamall/shared';

/** Footer and header settings (site_settings key `site`); the QR code key is filled in by the seed. */
export const SITE_SETTINGS: Omit<SiteSettings, 'qrCode'> = {
  siteName: 'B2B企业服务平台',
  filingNumbers: [
    { title: '京ICP备2026012345号-1', linkUrl: 'https://beian.miit.gov.cn/' },
    { title: '京公网安备11010802045678号', linkUrl: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010802045678' },
  ],
  qrCodeTitle: '关注公众号',
  hotline: '400-820-2026',
  copyright: '© 2026 AquaMall 水处理与大宗商品B2B采购平台 版权所有',
};

/** Home statistics (site_settings key `statistics`): entries with `countOf` show a live count. */
export const STATISTICS: StatisticSetting[] = [
  { title: '入驻供应商', unit: '家', value: 0, countOf: 'suppliers' },
  { title: '在售商品', unit: '件', value: 0, countOf: 'products' },
  { title: '采购企业', unit: '家', value: 0, countOf: 'purchasers' },
  { title: '询价需求', unit: '条', value: 0, countOf: 'enquiries' },
  { title: '累计成交额', unit: '亿元', value: 3.2 },
  { title: '服务城市', unit: '个', value: 126 },
];
