import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/** The errors of the pricing module by identity (docs/errors.md): the supplier's contract price rules, customer groups and price list imports. */
export const pricingErrors = defineErrors({
  CONTRACT_PRICE_NOT_FOUND: { kind: 'notFound', message: '协议价记录不存在' },
  CONTRACT_PRICE_NOT_PURCHASER: { kind: 'invalid', message: '请选择一家采购商' },
  CONTRACT_PRICE_GROUP_UNKNOWN: { kind: 'invalid', message: '客户分组不存在' },
  CONTRACT_PRICE_SKU_UNKNOWN: { kind: 'invalid', message: '所选SKU不是本公司的商品，请刷新后重选' },
  CONTRACT_PRICE_OVERLAP: {
    kind: 'conflict',
    message: (p: { sku: string; id: number }) =>
      `SKU「${p.sku}」对该客户已有有效期重叠的协议价（规则 ${p.id}），请先结束或修改原规则`,
  },
  CONTRACT_PRICE_END_PAST: { kind: 'invalid', message: '截止日期不能早于今天' },
  CONTRACT_PRICE_CAP_BELOW_USED: {
    kind: 'invalid',
    message: (p: { used: number }) => `限购数量不能少于已用数量 ${p.used}`,
  },
  CONTRACT_PRICE_ENDED: { kind: 'conflict', message: '该协议价已结束' },
  CONTRACT_PRICE_USED: { kind: 'conflict', message: '该协议价已有订单使用，只能结束，不能删除' },
  CUSTOMER_GROUP_NOT_FOUND: { kind: 'notFound', message: '客户分组不存在' },
  CUSTOMER_GROUP_NAME_TAKEN: { kind: 'conflict', message: (p: { name: string }) => `已有名为“${p.name}”的客户分组` },
  CUSTOMER_GROUP_HAS_RULES: {
    kind: 'conflict',
    message: (p: { n: number }) => `该分组有${p.n}条协议价，请先删除这些协议价后再删除分组`,
  },
  CUSTOMER_GROUP_NOT_PURCHASER: { kind: 'invalid', message: '只能加入采购商，请刷新后重选' },
  PRICE_IMPORT_FILE_REQUIRED: { kind: 'invalid', message: '请选择要上传的Excel文件（.xlsx）' },
  PRICE_IMPORT_FILE_TOO_LARGE: { kind: 'invalid', message: '文件不能超过5MB' },
  PRICE_IMPORT_FILE_MALFORMED: { kind: 'invalid', message: '上传失败，请重新选择文件' },
});

/** Raises one of this module's errors: `throw fail('CONTRACT_PRICE_OVERLAP', {...})`. */
export const fail = raiserOf(pricingErrors);
