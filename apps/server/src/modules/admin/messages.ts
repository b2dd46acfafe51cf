import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const adminErrors = defineErrors({
  ADMIN_ARTICLE_NOT_FOUND: { kind: 'notFound', message: '文章不存在' },
  ADMIN_CATEGORY_NOT_FOUND: { kind: 'notFound', message: '分类不存在' },
  ADMIN_ORDER_NOT_FOUND: { kind: 'notFound', message: '订单不存在' },
  ADMIN_PRODUCT_NOT_FOUND: { kind: 'notFound', message: '商品不存在' },
  ADMIN_PRODUCT_STATUS_MOVED: { kind: 'conflict', message: '商品状态已变化，请刷新' },
  CATEGORY_HAS_CHILDREN: { kind: 'conflict', message: '请先删除下级分类' },
  CATEGORY_HAS_PRODUCTS: { kind: 'conflict', message: '该分类下有商品，不能删除，可设为隐藏' },
  CATEGORY_MOVE_UNSUPPORTED: { kind: 'invalid', message: '不支持移动分类，请新建后迁移商品' },
  CATEGORY_PARENT_NOT_FOUND: { kind: 'notFound', message: '上级分类不存在' },
  CATEGORY_SIBLINGS_FULL: { kind: 'invalid', message: '同级分类数量已达上限' },
  CATEGORY_TOO_DEEP: { kind: 'invalid', message: '分类最多3级' },
  COMPANY_NOT_FOUND: { kind: 'notFound', message: '企业不存在' },
  DISPUTE_ALREADY_DECIDED: { kind: 'conflict', message: '该争议已裁决，不能重复处理' },
  DISPUTE_LINE_NOT_FOUND: { kind: 'notFound', message: '订单商品不存在' },
  DISPUTE_NOT_FOUND: { kind: 'notFound', message: '争议不存在' },
  DISPUTE_QUANTITY_TAKEN: { kind: 'conflict', message: (p: { productName: string | number }) => `「${p.productName}」的数量已被其他售后申请占用，不能支持采购商，请支持供应商或与双方沟通` },
  DISPUTE_RMA_NOT_FOUND: { kind: 'notFound', message: '售后单不存在' },
  MENU_COMPANY_TYPE_MISMATCH: { kind: 'invalid', message: '菜单与企业类型不符' },
  MENU_NOT_FOUND: { kind: 'notFound', message: '菜单不存在' },
  MENU_PARENT_NOT_FOUND: { kind: 'invalid', message: '上级菜单不存在' },
  MENU_PERMISSION_UNKNOWN: { kind: 'invalid', message: (p: { permission: string | number }) => `未知权限：${p.permission}` },
  PRESET_ROLE_NOT_FOUND: { kind: 'notFound', message: '预设角色不存在' },
  PRODUCT_NOT_ON_SALE: { kind: 'conflict', message: '只能下架在售商品' },
  SYNONYM_NOT_FOUND: { kind: 'notFound', message: '该同义词条目不存在' },
  COMPANY_ALREADY_DISABLED: { kind: 'conflict', message: '企业已是禁用状态' },
  COMPANY_ALREADY_ENABLED: { kind: 'conflict', message: '企业已是启用状态' },
  LISTING_TENDER_NOT_FOUND: { kind: 'notFound', message: '招标项目不存在' },
  LISTING_ENQUIRY_NOT_FOUND: { kind: 'notFound', message: '询价单不存在' },
  LISTING_ALREADY_DOWN: { kind: 'conflict', message: '已下架，请勿重复操作' },
  LISTING_NOT_DOWN: { kind: 'conflict', message: '未被下架' },
});

/** Raises one of this module's errors: `throw fail('ADMIN_ARTICLE_NOT_FOUND')`. */
export const fail = raiserOf(adminErrors);
