import { z } from 'zod';
import { pageQuery, recordId } from '../envelope.ts';
import { MAX_QUANTITY, resolvedLine } from './buying.ts';

/**
 * 常购清单 (docs/product/shopping-lists.md, decision 0214): named lists of SKUs per user, private or shared with
 * the company; bought (whole or in part) into the cart in one step.
 */
export const MAX_SHOPPING_LISTS = 50;
export const MAX_SHOPPING_LIST_ITEMS = 500;
/** Items added or bought in one request (a whole list is at most this many). */
export const MAX_LIST_BATCH = MAX_SHOPPING_LIST_ITEMS;

const listName = z
  .string('请输入清单名称')
  .trim()
  .min(1, '请输入清单名称')
  .max(40, '清单名称最多40个字符')
  .describe('清单名称');
const quantity = z
  .number('请输入默认数量')
  .int('默认数量必须是整数')
  .min(1, '默认数量至少为1')
  .max(MAX_QUANTITY, `默认数量最多${MAX_QUANTITY}`)
  .describe('默认数量');
const note = z.string().trim().max(100, '备注最多100个字符').default('').describe('备注');

export const shoppingListInput = z.object({ name: listName, shared: z.boolean().default(false) });
export type ShoppingListInput = z.input<typeof shoppingListInput>;
export const shoppingListUpdateInput = z.object({
  id: recordId,
  name: listName.optional(),
  shared: z.boolean().optional(),
});
export const shoppingListQuery = pageQuery.extend({
  keyword: z.string().trim().max(40).default(''),
  /** Only the lists the caller may change (the 加入常购清单 picker). */
  editable: z.boolean().default(false),
});
export type ShoppingListQuery = z.input<typeof shoppingListQuery>;
export const shoppingListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  ownerName: z.string(),
  mine: z.boolean(),
  /** The caller may rename, share, delete and change items (owner or company administrator). */
  editable: z.boolean(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type ShoppingListRow = z.infer<typeof shoppingListRow>;

/** The list chosen in the 加入常购清单 dialog. */
export const shoppingListPick = z.number('请选择清单').int('请选择清单').positive('请选择清单');
export const shoppingListItemInput = z.object({ skuId: recordId, quantity, note });
export const shoppingListAddInput = z
  .object({
    /** An existing list, or `newList` to create one and add to it. */
    listId: recordId.optional(),
    newList: shoppingListInput.optional(),
    items: z
      .array(shoppingListItemInput)
      .min(1, '请选择要加入清单的商品')
      .max(MAX_LIST_BATCH, `一次最多加入${MAX_LIST_BATCH}种商品`),
  })
  .refine((v) => (v.listId ? 1 : 0) + (v.newList ? 1 : 0) === 1, { message: '请选择清单或新建清单', path: ['listId'] });
export type ShoppingListAddInput = z.input<typeof shoppingListAddInput>;
export const shoppingListAddResult = z.object({
  listId: z.number().int(),
  listName: z.string(),
  /** New items, and items already in the list whose quantity was added to. */
  added: z.number().int(),
  merged: z.number().int(),
});
export type ShoppingListAddResult = z.infer<typeof shoppingListAddResult>;

export const shoppingListDetailQuery = z.object({ id: z.coerce.number().pipe(recordId) });
export const shoppingListItemRow = z.object({
  id: z.number().int(),
  skuId: z.number().int(),
  productId: z.number().int().nullable(),
  code: z.string(),
  productName: z.string(),
  spec: z.string(),
  unit: z.string(),
  image: z.string(),
  shopName: z.string(),
  quantity: z.number().int(),
  note: z.string(),
  /** Today's unit price for the item's quantity (the one resolver), null when the SKU is gone. */
  unitPrice: z.number().nullable(),
  priceLabel: z.string(),
  priceAtAdd: z.number(),
  available: z.number().int(),
  minOrder: z.number().int(),
  /** '' when it can be bought now; else why not (已下架, 商品规格已失效, 库存不足). */
  problem: z.string(),
});
export type ShoppingListItemRow = z.infer<typeof shoppingListItemRow>;
export const shoppingListDetail = z.object({
  list: shoppingListRow,
  items: z.array(shoppingListItemRow),
});
export type ShoppingListDetail = z.infer<typeof shoppingListDetail>;

export const shoppingListItemUpdateInput = z.object({ id: recordId, quantity, note: note.optional() });
export const shoppingListItemsRemoveInput = z.object({
  ids: z.array(recordId).min(1, '请选择商品').max(MAX_LIST_BATCH),
});
export const shoppingListBuyInput = z.object({
  id: recordId,
  /** The items to buy; none: the whole list. */
  itemIds: z.array(recordId).max(MAX_LIST_BATCH).default([]),
});
export type ShoppingListBuyInput = z.input<typeof shoppingListBuyInput>;
export const shoppingListBuyResult = z.object({ added: z.number().int(), lines: z.array(resolvedLine) });

/** 快速下单 from an uploaded workbook: the lines read (row numbers of the sheet) and the rows that could not be read. */
export const quickOrderSheetResult = z.object({
  lines: z.array(resolvedLine),
  errors: z.array(z.string()),
});
export type QuickOrderSheetResult = z.infer<typeof quickOrderSheetResult>;
