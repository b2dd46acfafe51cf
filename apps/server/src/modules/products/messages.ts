import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of this module by identity, with their kind (envelope code and HTTP status, ERROR_KINDS) and their
 * Chinese text: the one place these texts live. How to add one: docs/errors.md.
 */
export const productsErrors = defineErrors({
  ADJUSTMENT_CONFIRMED: { kind: 'conflict', message: '单据已确认，不能修改' },
  ADJUSTMENT_EMPTY: { kind: 'invalid', message: '调整单没有明细' },
  ADJUSTMENT_KIND_INVALID: { kind: 'invalid', message: '单据类型不正确' },
  ADJUSTMENT_NOT_FOUND: { kind: 'notFound', message: '调整单不存在' },
  ADJUSTMENT_SKU_UNKNOWN: { kind: 'invalid', message: '商品规格不存在' },
  ATTRIBUTE_NAME_TAKEN: { kind: 'conflict', message: '该分类已有同名参数' },
  ATTRIBUTE_NOT_FOUND: { kind: 'notFound', message: '参数不存在' },
  CATEGORY_LEAF_REQUIRED: { kind: 'invalid', message: '请选择三级分类' },
  CATEGORY_NOT_FOUND: { kind: 'notFound', message: '分类不存在' },
  CATEGORY_UNKNOWN: { kind: 'invalid', message: '分类不存在' },
  DISCUSSION_NOT_FOUND: { kind: 'notFound', message: '评价或问题不存在' },
  GOODS_NOT_FOUND: { kind: 'notFound', message: '商品不存在或已下架' },
  IMPORT_FILE_EMPTY: { kind: 'invalid', message: '文件为空' },
  IMPORT_FILE_REQUIRED: { kind: 'invalid', message: '请选择要导入的Excel文件' },
  IMPORT_FILE_TOO_LARGE: { kind: 'invalid', message: (p: { maxMb: string | number }) => `文件不能超过${p.maxMb}MB` },
  IMPORT_HEADER_MISSING: { kind: 'invalid', message: (p: { columns: string | number }) => `表头不正确，缺少列：${p.columns}。请使用下载的模板` },
  IMPORT_JOB_NOT_FOUND: { kind: 'notFound', message: '导入任务不存在' },
  IMPORT_NOT_XLSX: { kind: 'invalid', message: '文件内容不是Excel（.xlsx）文件' },
  IMPORT_NO_ERROR_FILE: { kind: 'notFound', message: '没有错误文件' },
  IMPORT_NO_ROWS: { kind: 'invalid', message: '文件中没有商品数据' },
  IMPORT_NO_SHEET: { kind: 'invalid', message: '文件中没有工作表' },
  IMPORT_TOO_MANY_ROWS: { kind: 'invalid', message: (p: { max: string | number }) => `每次最多导入${p.max}行，请分批导入` },
  IMPORT_UPLOAD_GONE: { kind: 'invalid', message: '上传的文件已不存在，请重新上传' },
  IMPORT_UPLOAD_MALFORMED: { kind: 'invalid', message: '上传数据格式错误' },
  IMPORT_UPLOAD_TOO_LARGE: { kind: 'invalid', message: '文件不能超过5MB' },
  IMPORT_XLSX_REQUIRED: { kind: 'invalid', message: '请上传 .xlsx 格式的Excel文件' },
  ORIGIN_INVALID: { kind: 'invalid', message: '产地不正确' },
  ORIGIN_PROVINCE_REQUIRED: { kind: 'invalid', message: '请先选择产地省份' },
  PRODUCT_ALREADY_REVIEWED: { kind: 'conflict', message: '该商品已审核，请勿重复操作' },
  PRODUCT_DELETE_NOT_DRAFT: { kind: 'conflict', message: '只能删除草稿或已驳回的商品' },
  PRODUCT_IMAGE_NOT_OWN: { kind: 'invalid', message: '商品图片须为本企业上传的图片' },
  PRODUCT_IMAGE_REQUIRED: { kind: 'invalid', message: '请至少上传一张商品图片' },
  PRODUCT_IN_ADJUSTMENT: { kind: 'conflict', message: '商品已用于库存调整单，不能删除' },
  PRODUCT_NOT_FOUND: { kind: 'notFound', message: '商品不存在' },
  PRODUCT_REVIEW_NOT_FOUND: { kind: 'notFound', message: '审核记录不存在' },
  PRODUCT_STATUS_MOVED: { kind: 'conflict', message: '商品状态已变化，请刷新后重试' },
  PRODUCT_SUBMIT_NOT_DRAFT: { kind: 'conflict', message: '只有草稿或已驳回的商品可以提交审核' },
  PRODUCT_UNDER_REVIEW: { kind: 'conflict', message: '商品正在审核中，审核完成后才能修改' },
  QUESTION_OWN_PRODUCT: { kind: 'invalid', message: '不能向自己的商品提问' },
  REVIEW_ALREADY_GIVEN: { kind: 'conflict', message: '该订单商品已评价过' },
  REVIEW_BEFORE_COMPLETED: { kind: 'conflict', message: '订单完成后才能评价' },
  REVIEW_LINE_NOT_REVIEWABLE: { kind: 'conflict', message: '该订单商品不能评价' },
  REVIEW_ORDER_LINE_NOT_FOUND: { kind: 'notFound', message: '订单商品不存在' },
  REVIEW_PRODUCT_DELETED: { kind: 'notFound', message: '商品已删除，不能评价' },
  SPEC_HAS_RESERVED: { kind: 'conflict', message: '有预占库存的规格不能删除' },
  SPEC_HAS_STOCK: { kind: 'conflict', message: (p: { code: string | number }) => `规格 ${p.code} 已有库存记录，不能删除（可将库存调为0）` },
  SPEC_IN_ADJUSTMENT: { kind: 'conflict', message: '规格已用于库存调整单，不能删除' },
  SPEC_NOT_FOUND: { kind: 'invalid', message: '规格不存在' },
  STOCK_AVAILABLE_SHORT: { kind: 'conflict', message: (p: { sku: string | number; available: string | number }) => `${p.sku}可用库存不足（可用 ${p.available}）` },
  STOCK_QUANTITY_INVALID: { kind: 'conflict', message: '库存数量不正确' },
  STOCK_RESERVED_SHORT: { kind: 'conflict', message: (p: { sku: string | number }) => `${p.sku}的预占数量不足` },
  STOCK_SKU_NOT_FOUND: { kind: 'notFound', message: '商品规格不存在' },
});

/** Raises one of this module's errors: `throw fail('ADJUSTMENT_CONFIRMED')`. */
export const fail = raiserOf(productsErrors);
