import { checkoutRefusals, defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const buyingErrors = defineErrors({
  ADDRESS_KIND_NOT_ALLOWED: { kind: 'invalid', message: '贵公司不能保存该类型的地址' },
  ADDRESS_REGION_INVALID: { kind: 'invalid', message: '所在地区不正确，请重新选择' },
  BUYING_PURCHASERS_ONLY: { kind: 'forbidden', message: '购物车和下单仅对采购单位开放，供应商账号不能采购' },
  CART_FULL: { kind: 'conflict', message: (p: { max: string | number }) => `购物车最多${p.max}种商品，请先结算或删除部分商品` },
  CART_ITEM_BELOW_MIN_ORDER: { kind: 'invalid', message: (p: { label: string | number; minOrder: string | number; unit: string | number }) => `${p.label}起订量为 ${p.minOrder}${p.unit}` },
  CART_ITEM_OFF_SALE: { kind: 'conflict', message: (p: { label: string | number }) => `${p.label}已下架` },
  CART_ITEM_OWN_PRODUCT: { kind: 'conflict', message: (p: { label: string | number }) => `${p.label}是本公司的商品，不能购买` },
  CART_ITEM_STOCK_SHORT: { kind: 'conflict', message: (p: { label: string | number; available: string | number; unit: string | number }) => `${p.label}库存不足：可用 ${p.available}${p.unit}` },
  CART_LINE_NOT_FOUND: { kind: 'notFound', message: '购物车中没有这件商品' },
  CART_LINE_NOT_SELECTABLE: { kind: 'conflict', message: (p: { problem: string | number }) => `该商品${p.problem}，不能选择` },
  CHECKOUT_CART_MOVED: { kind: 'conflict', message: '购物车已变化（商品可能已下单或删除），请刷新购物车后重试' },
  /** A line of the checkout cannot be ordered (short, off sale): the orders' own words, the line named in `data`. */
  CHECKOUT_LINE_REFUSED: {
    kind: 'conflict',
    message: (p: { text: string }) => p.text,
    data: checkoutRefusals.CHECKOUT_LINE_REFUSED,
  },
  /** The total moved since the page showed it: the new totals in `data` (the page shows them and asks again). */
  CHECKOUT_PRICE_CHANGED: {
    kind: 'conflict',
    message: (p: { total: string; shown: string }) =>
      `价格已变动：应付总额为 ¥${p.total}（页面显示 ¥${p.shown}），请确认后重新提交`,
    data: checkoutRefusals.CHECKOUT_PRICE_CHANGED,
  },
  CHECKOUT_INVOICE_TITLE_REQUIRED: { kind: 'invalid', message: '请选择发票抬头' },
  CHECKOUT_SPECIAL_TITLE_REQUIRED: { kind: 'invalid', message: '增值税专用发票需选择专用发票抬头（含注册地址、电话、开户银行和账号）' },
  INVOICE_TITLE_TAX_NO_INVALID: { kind: 'invalid', message: '纳税人识别号不正确，请核对统一社会信用代码' },
  /** 再次购买 of an order that is not one of the caller's company's (another company's reads like none). */
  REORDER_ORDER_NOT_FOUND: { kind: 'notFound', message: '订单记录不存在' },
  SKU_NOT_FOUND: { kind: 'notFound', message: '商品规格不存在' },
  /** 常购清单 (decision 0214): another company's list and another user's private list read like none. */
  SHOPPING_LIST_NOT_FOUND: { kind: 'notFound', message: '清单不存在或已删除' },
  SHOPPING_LIST_READ_ONLY: { kind: 'forbidden', message: '共享清单只有创建人和企业管理员可以修改' },
  SHOPPING_LIST_NAME_TAKEN: { kind: 'conflict', message: (p: { name: string }) => `已有名为“${p.name}”的清单，请换一个名称` },
  SHOPPING_LIST_LIMIT: { kind: 'conflict', message: (p: { max: number }) => `每人最多建立${p.max}个常购清单，请先删除不用的清单` },
  SHOPPING_LIST_FULL: {
    kind: 'conflict',
    message: (p: { max: number; room: number }) =>
      `每个清单最多${p.max}种商品，本清单还能加入${p.room}种，请分到其他清单`,
  },
  SHOPPING_LIST_ITEM_NOT_FOUND: { kind: 'notFound', message: '清单中没有这件商品，请刷新后重试' },
  SHOPPING_LIST_SKU_UNAVAILABLE: {
    kind: 'conflict',
    message: (p: { label: string; problem: string }) => `${p.label}${p.problem}，不能加入清单`,
  },
  SHOPPING_LIST_OWN_PRODUCT: { kind: 'conflict', message: (p: { label: string }) => `${p.label}是本公司的商品，不能加入清单` },
  QUICK_ORDER_FILE_REQUIRED: { kind: 'invalid', message: '请选择要上传的Excel文件（.xlsx）' },
  QUICK_ORDER_FILE_MALFORMED: { kind: 'invalid', message: '上传数据格式错误，请重新选择文件' },
  QUICK_ORDER_FILE_TOO_LARGE: { kind: 'invalid', message: '文件不能超过5MB' },
});

/** Raises one of this module's errors: `throw fail('ADDRESS_KIND_NOT_ALLOWED')`. */
export const fail = raiserOf(buyingErrors);
