/** Chinese names for the audit log's action and target identifiers (server: recordAudit / audited calls). */
export const AUDIT_ACTIONS: Record<string, string> = {
  'merchant.approve': '通过商家入驻',
  'merchant.reject': '驳回商家入驻',
  'certification.approve': '通过企业认证',
  'certification.reject': '驳回企业认证',
  'member.upgrade.confirm': '确认会员升级',
  'member.upgrade.reject': '驳回会员升级',
  'company.membership': '调整会员等级',
  'company.disable': '停用企业',
  'company.enable': '启用企业',
  'category.create': '新增商品分类',
  'category.update': '修改商品分类',
  'category.delete': '删除商品分类',
  'product.takedown': '下架商品',
  'banner.create': '新增轮播图',
  'banner.update': '修改轮播图',
  'banner.delete': '删除轮播图',
  'menu.create': '新增导航菜单',
  'menu.update': '修改导航菜单',
  'menu.delete': '删除导航菜单',
  'article.create': '发布资讯',
  'article.update': '修改资讯',
  'article.delete': '删除资讯',
  'partner.create': '新增合作企业',
  'partner.update': '修改合作企业',
  'partner.delete': '删除合作企业',
  'setting.save': '保存站点设置',
  'workbench.menu.create': '新增工作台菜单',
  'workbench.menu.update': '修改工作台菜单',
  'workbench.preset.update': '修改预设角色',
};

export const AUDIT_TARGETS: Record<string, string> = {
  merchant_application: '入驻申请',
  certification: '企业认证',
  company: '企业',
  category: '商品分类',
  product: '商品',
  banner: '轮播图',
  site_menu: '导航菜单',
  article: '资讯',
  partner: '合作企业',
  site_setting: '站点设置',
  web_menu: '工作台菜单',
  role: '角色',
};

export const actionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;
export const targetLabel = (type: string) => AUDIT_TARGETS[type] ?? type;
export const toOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
