/** Demo navigation and footer menus. A link: [title, linkUrl, target?]. */
type Link = [string, string, string?];

export const HOME_TOP_MENU: Link[] = [
  ['首页', '/'],
  ['商城', '/mall/home'],
  ['采购询价', '/mall/enquiry'],
  ['招标投标', '/mall/bidindex'],
  ['供应商', '/mall/shopList'],
  ['消费扶贫', '/mall/goodsSearch'],
  ['行业资讯', '/mall/notice'],
];

export const WEB_TOP_MENU: Link[] = [
  ['商城首页', '/mall/home'],
  ['我的工作台', '/customer/home'],
  ['我的订单', '/customer/order'],
  ['购物车', '/customer/cart'],
  ['帮助中心', '/mall/notice?categoryCode=help'],
  ['商家入驻', '/sso/register?type=2'],
];

export const MALL_NAV: Link[] = [
  ['首页', '/mall/home'],
  ['全部商品', '/mall/goodsList'],
  ['采购询价', '/mall/enquiry'],
  ['招标投标', '/mall/bidindex'],
  ['供应商', '/mall/shopList'],
  ['采购商', '/mall/pushershopList'],
  ['消费扶贫', '/mall/goodsSearch'],
  ['行业资讯', '/mall/notice'],
];

/** Footer link groups (web_bottom_menu): group title and its links. `{help:n}` is replaced by an article id. */
export const WEB_BOTTOM_MENU: [string, Link[]][] = [
  ['新手指南', [['注册账号', '/sso/register'], ['如何注册成为采购商', '{help:0}'], ['如何发布询价单', '{help:2}']]],
  ['采购服务', [['采购询价', '/mall/enquiry'], ['招标投标', '/mall/bidindex'], ['订单支付说明', '{help:3}'], ['发票申请说明', '{help:4}']]],
  ['商家服务', [['商家入驻', '/sso/register?type=2'], ['入驻流程说明', '{help:1}'], ['商家工作台', '/customer/home']]],
  ['关于我们', [['平台公告', '/mall/notice?categoryCode=notice'], ['行业资讯', '/mall/notice?categoryCode=industry'], ['联系平台', '/mall/articledetail?id=95']]],
];

/** Footer questions (web_comproblem_menu): block title, glyph index, items [title, summary]. */
export const WEB_COMPROBLEM_MENU: [string, number, [string, string][]][] = [
  ['正品保障', 0, [
    ['资质审核', '入驻商家均经过营业执照、生产许可等资质审核'],
    ['质量抽检', '平台定期联合第三方机构抽检在售商品'],
  ]],
  ['物流配送', 1, [
    ['全国配送', '支持整车、零担与危化品专业物流'],
    ['到货验收', '收货时请当面验收，异常可拒收并申请售后'],
  ]],
  ['支付方式', 2, [
    ['对公转账', '转账后上传凭证，供应商确认收款后发货'],
    ['信用账户', '合作供应商授信，订单可使用账期支付'],
  ]],
  ['售后服务', 3, [
    ['退换货', '已发货或已完成订单可申请退货、退款或换货'],
    ['发票服务', '支持普通发票与增值税专用发票'],
  ]],
];

export const PARTNERS = [
  '长江水务集团', '华北市政设计研究院', '南方水务投资有限公司', '西部环保产业联盟', '中原供水集团',
  '海天水务股份', '东方环境科技', '京津冀水务联盟', '珠江环保集团', '国联检测认证中心',
];

/** Site home hero banners (web_topbanner). */
export const HERO_BANNERS: [string, string][] = [
  ['水务产业B2B企业服务平台', '/mall/home'],
  ['在线询价 · 多家比价', '/mall/enquiry'],
  ['招标公告 · 中标结果公示', '/mall/bidindex'],
];

/** Mall home carousel (mall_banner). */
export const HOME_BANNERS = ['水处理药剂集采季 · 厂家直供', '膜法水处理解决方案', '智慧水务 在线监测', '农资助农 消费扶贫', '大宗商品 诚信交易'];
export const HOME_BANNER_LINKS = [
  '/mall/goodsList?categoryCode=01&categoryName=水处理药剂',
  '/mall/goodsList?categoryCode=03&categoryName=膜及膜组件',
  '/mall/goodsList?categoryCode=05&categoryName=检测仪器',
  '/mall/goodsSearch',
  '/mall/goodsList?categoryCode=08&categoryName=大宗商品',
];
