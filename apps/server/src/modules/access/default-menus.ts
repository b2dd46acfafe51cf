import { CompanyType } from '@aquamall/shared';

/** A default menu entry; `code` is unique per company type (the stored code is prefixed with the type). */
export interface MenuDef {
  code: string;
  name: string;
  icon?: string;
  linkPath?: string;
  everyone?: boolean;
  children?: MenuDef[];
}

const C = '/customer';

const rmaMenu = (type: 0 | 1, name: string): MenuDef => ({
  code: 'rma',
  name: '售后服务',
  icon: 'CustomerServiceOutlined',
  children: [
    { code: 'rma.list', name, linkPath: `${C}/rma/rmaList?type=${type}` },
    // Suppliers keep their return and shipping-from addresses here (the purchaser's entry is 采购管理 → 收货地址).
    ...(type === 1 ? [{ code: 'rma.address', name: '地址管理', linkPath: `${C}/address` }] : []),
  ],
});

const messageMenu: MenuDef = {
  code: 'message',
  name: '消息中心',
  icon: 'BellOutlined',
  everyone: true,
  children: [
    { code: 'message.index', name: '我的消息', linkPath: `${C}/message/index`, everyone: true },
    { code: 'message.settings', name: '消息设置', linkPath: `${C}/message/settings`, everyone: true },
  ],
};

const companyMenu = (supplier: boolean): MenuDef => ({
  code: 'company',
  name: '企业管理',
  icon: 'BankOutlined',
  children: [
    { code: 'company.auth', name: '企业认证', linkPath: `${C}/authentication/detail` },
    { code: 'company.member', name: '会员服务', linkPath: `${C}/authentication/member` },
    ...(supplier ? [{ code: 'company.store', name: '店铺设置', linkPath: `${C}/store` }] : []),
    { code: 'company.bank', name: '银行账户', linkPath: `${C}/bank/auth` },
    { code: 'company.role', name: '角色管理', linkPath: `${C}/role/list` },
    { code: 'company.user', name: '用户管理', linkPath: `${C}/user/list` },
    { code: 'company.openapi', name: '开放平台', linkPath: `${C}/openapi` },
  ],
});

const accountMenu: MenuDef = {
  code: 'account',
  name: '账户设置',
  icon: 'UserOutlined',
  everyone: true,
  children: [
    { code: 'account.info', name: '个人信息', linkPath: `${C}/info`, everyone: true },
    { code: 'account.safe', name: '账户安全', linkPath: `${C}/safe`, everyone: true },
  ],
};

/** Purchaser (type 4) workbench. */
const purchaserMenus: MenuDef[] = [
  {
    code: 'purchase',
    name: '采购管理',
    icon: 'ShoppingCartOutlined',
    children: [
      { code: 'purchase.enquiry', name: '我的询价', linkPath: `${C}/enquiry` },
      { code: 'purchase.enorder', name: '询价订单', linkPath: `${C}/enorder` },
      { code: 'purchase.allenorder', name: '全部询价订单', linkPath: `${C}/allenorder` },
      { code: 'purchase.order', name: '采购订单', linkPath: `${C}/order` },
      { code: 'purchase.allorder', name: '全部采购订单', linkPath: `${C}/allorder` },
      { code: 'purchase.cart', name: '购物车', linkPath: `${C}/cart` },
      { code: 'purchase.quick', name: '快速下单', linkPath: `${C}/quick-order` },
      { code: 'purchase.lists', name: '常购清单', linkPath: `${C}/shopping-list` },
      { code: 'purchase.agreement', name: '框架协议', linkPath: `${C}/agreement/index` },
      { code: 'purchase.address', name: '收货地址', linkPath: `${C}/address` },
    ],
  },
  {
    code: 'bid',
    name: '招标管理',
    icon: 'AuditOutlined',
    children: [{ code: 'bid.index', name: '招标项目', linkPath: `${C}/bid/bidindex` }],
  },
  // Purchase approvals (docs/product/approvals.md): any member may be named an approver or submit a request.
  {
    code: 'approval',
    name: '采购审批',
    icon: 'AuditOutlined',
    everyone: true,
    children: [
      { code: 'approval.todo', name: '待我审批', linkPath: `${C}/approval/todo`, everyone: true },
      { code: 'approval.mine', name: '我的采购申请', linkPath: `${C}/approval/mine`, everyone: true },
      { code: 'approval.settings', name: '审批设置', linkPath: `${C}/approval/settings` },
      { code: 'approval.budgets', name: '预算管理', linkPath: `${C}/approval/budgets` },
    ],
  },
  rmaMenu(0, '我的售后'),
  {
    code: 'finance',
    name: '财务管理',
    icon: 'AccountBookOutlined',
    children: [
      { code: 'finance.invoice', name: '发票管理', linkPath: `${C}/invoice/index` },
      { code: 'finance.myaccount', name: '我的信用账户', linkPath: `${C}/companyAccount/myindex` },
      { code: 'finance.request', name: '账户申请', linkPath: `${C}/companyAccount/requestIndex` },
      { code: 'finance.recharge', name: '充值记录', linkPath: `${C}/companyAccount/rechargeIndex` },
      { code: 'finance.refund', name: '退款记录', linkPath: `${C}/companyAccount/refundIndex` },
    ],
  },
  {
    code: 'report',
    name: '统计报表',
    icon: 'BarChartOutlined',
    children: [
      { code: 'report.procurement', name: '采购统计', linkPath: `${C}/report/procurement` },
      { code: 'report.procurementGoods', name: '采购商品统计', linkPath: `${C}/report/procurementGoods` },
      { code: 'report.payAmount', name: '应付账款', linkPath: `${C}/report/payAmount` },
    ],
  },
  messageMenu,
  companyMenu(false),
  accountMenu,
];

/** Supplier (type 2) workbench. */
const supplierMenus: MenuDef[] = [
  {
    code: 'product',
    name: '商品管理',
    icon: 'AppstoreOutlined',
    children: [
      { code: 'product.list', name: '商品列表', linkPath: `${C}/product` },
      { code: 'product.discussion', name: '商品评价', linkPath: `${C}/product/discussion` },
    ],
  },
  {
    code: 'inventory',
    name: '库存管理',
    icon: 'DatabaseOutlined',
    children: [
      { code: 'inventory.stock', name: '商品库存', linkPath: `${C}/product/inventory` },
      { code: 'inventory.adjustment', name: '库存调整', linkPath: `${C}/inventory/adjustment` },
    ],
  },
  {
    code: 'quote',
    name: '报价管理',
    icon: 'FileTextOutlined',
    children: [
      { code: 'quote.quotation', name: '我的报价', linkPath: `${C}/quotation` },
      { code: 'quote.offerOrder', name: '报价订单', linkPath: `${C}/offerOrder` },
      { code: 'quote.agreement', name: '框架协议', linkPath: `${C}/agreement/index` },
      { code: 'quote.price', name: '协议价管理', linkPath: `${C}/price/index` },
      { code: 'quote.customerGroup', name: '客户分组', linkPath: `${C}/price/groups` },
    ],
  },
  {
    code: 'sale',
    name: '销售订单',
    icon: 'ProfileOutlined',
    children: [{ code: 'sale.order', name: '销售订单', linkPath: `${C}/saleOrder` }],
  },
  {
    code: 'bid',
    name: '投标管理',
    icon: 'AuditOutlined',
    children: [{ code: 'bid.biding', name: '我的投标', linkPath: `${C}/bid/bidingIndex` }],
  },
  rmaMenu(1, '售后处理'),
  {
    code: 'finance',
    name: '财务管理',
    icon: 'AccountBookOutlined',
    children: [
      { code: 'finance.invoice', name: '发票管理', linkPath: `${C}/invoice/index` },
      { code: 'finance.account', name: '信用账户', linkPath: `${C}/companyAccount/index` },
      { code: 'finance.request', name: '账户申请', linkPath: `${C}/companyAccount/requestIndex` },
      {
        code: 'finance.customerRecharge',
        name: '客户充值',
        linkPath: `${C}/companyAccount/customerRecharge`,
      },
      { code: 'finance.refund', name: '退款记录', linkPath: `${C}/companyAccount/refundIndex` },
    ],
  },
  {
    code: 'report',
    name: '统计报表',
    icon: 'BarChartOutlined',
    children: [
      { code: 'report.orderSale', name: '订单销售统计', linkPath: `${C}/report/orderSale` },
      { code: 'report.goodsSale', name: '商品销售统计', linkPath: `${C}/report/goodsSale` },
      { code: 'report.goodsCategory', name: '品类销售统计', linkPath: `${C}/report/goodsCategory` },
      { code: 'report.saleAmount', name: '应收账款', linkPath: `${C}/report/saleAmount` },
    ],
  },
  messageMenu,
  companyMenu(true),
  accountMenu,
];

export const DEFAULT_MENUS: Record<number, MenuDef[]> = {
  [CompanyType.PURCHASER]: purchaserMenus,
  [CompanyType.SUPPLIER]: supplierMenus,
};

/** The stored, globally unique code of a default entry. */
export const menuCode = (companyType: number, code: string) => `t${companyType}.${code}`;

/** Role presets offered to every company of a type: menu codes (a parent grants its children) and actions. */
export interface RolePreset {
  key: string;
  companyType: number;
  name: string;
  description: string;
  menus: string[];
  permissions: string[];
}

export const ROLE_PRESETS: RolePreset[] = [
  {
    key: 'purchaser.buyer',
    companyType: CompanyType.PURCHASER,
    name: '采购员',
    description: '发布询价、下单采购、跟进订单和售后',
    menus: ['purchase', 'bid', 'rma'],
    permissions: ['enquiry:manage', 'purchase:manage', 'rma:manage', 'bid:manage'],
  },
  {
    key: 'purchaser.finance',
    companyType: CompanyType.PURCHASER,
    name: '财务',
    description: '发票、信用账户和统计报表',
    menus: ['finance', 'report'],
    permissions: ['invoice:manage', 'credit:manage', 'report:view'],
  },
  {
    key: 'supplier.sales',
    companyType: CompanyType.SUPPLIER,
    name: '销售专员',
    description: '报价、销售订单发货和售后处理',
    menus: ['quote', 'sale', 'bid', 'rma'],
    permissions: ['quotation:manage', 'order:ship', 'rma:manage', 'bid:manage'],
  },
  {
    key: 'supplier.goods',
    companyType: CompanyType.SUPPLIER,
    name: '商品管理员',
    description: '商品编辑、上下架和库存调整',
    menus: ['product', 'inventory'],
    permissions: ['product:edit', 'inventory:adjust'],
  },
  {
    key: 'supplier.finance',
    companyType: CompanyType.SUPPLIER,
    name: '财务',
    description: '发票、信用账户和统计报表',
    menus: ['finance', 'report'],
    permissions: ['invoice:manage', 'credit:manage', 'report:view'],
  },
];
