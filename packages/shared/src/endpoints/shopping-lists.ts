import { z } from 'zod';
import { XLSX_MIME } from '../contracts/catalogue-import.ts';
import {
  quickOrderSheetResult,
  shoppingListAddInput,
  shoppingListAddResult,
  shoppingListBuyInput,
  shoppingListBuyResult,
  shoppingListDetail,
  shoppingListDetailQuery,
  shoppingListInput,
  shoppingListItemsRemoveInput,
  shoppingListItemUpdateInput,
  shoppingListQuery,
  shoppingListRow,
  shoppingListUpdateInput,
} from '../contracts/shopping-lists.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, endpoint, raw } from './endpoint.ts';
import { CREATES, exempt, probedIn } from './isolation.ts';

/** Buying goods: the purchaser's users who may put goods in the cart (the 采购管理 menu). */
const buyer = can('purchase:manage');
const probed = probedIn('modules/buying/shopping-lists.test.ts');

/**
 * 常购清单 (/customer/shopping-list, docs/product/shopping-lists.md): the caller's own lists and the company's
 * shared ones; another company's list, or another user's private one, answers 清单不存在.
 */
export const shoppingListEndpoints = {
  shoppingListList: endpoint({
    method: 'POST',
    path: '/api/shopping-list/list',
    summary: "The caller's lists and the company's shared lists, paged (editable: only those the caller may change)",
    access: buyer,
    body: shoppingListQuery,
    response: pagedOf(shoppingListRow),
    isolation: probed,
  }),
  shoppingListCreate: endpoint({
    method: 'POST',
    path: '/api/shopping-list/create',
    summary: 'A new named list of the caller (private, or shared with the company)',
    access: buyer,
    body: shoppingListInput,
    response: z.object({ id: z.number().int() }),
    isolation: CREATES,
  }),
  shoppingListUpdate: endpoint({
    method: 'POST',
    path: '/api/shopping-list/update',
    summary: 'Rename a list or share/unshare it (the owner or a company administrator)',
    access: buyer,
    body: shoppingListUpdateInput,
    response: noData,
    isolation: probed,
  }),
  shoppingListDelete: endpoint({
    method: 'POST',
    path: '/api/shopping-list/delete',
    summary: 'Delete a list with its items (the owner or a company administrator)',
    access: buyer,
    body: z.object({ id: shoppingListItemUpdateInput.shape.id }),
    response: noData,
    isolation: probed,
  }),
  shoppingListDetail: endpoint({
    method: 'GET',
    path: '/api/shopping-list/detail',
    summary: "A list's items with today's price (the resolver), stock, minimum order and on-sale state",
    access: buyer,
    query: shoppingListDetailQuery,
    response: shoppingListDetail,
    isolation: probed,
  }),
  shoppingListAddItems: endpoint({
    method: 'POST',
    path: '/api/shopping-list/items/add',
    summary: 'Add SKUs (from a goods page, an order, search results) to a list, or to a new list',
    access: buyer,
    body: shoppingListAddInput,
    response: shoppingListAddResult,
    isolation: probed,
  }),
  shoppingListItemUpdate: endpoint({
    method: 'POST',
    path: '/api/shopping-list/items/update',
    summary: "Change an item's default quantity and note",
    access: buyer,
    body: shoppingListItemUpdateInput,
    response: noData,
    isolation: probed,
  }),
  shoppingListItemsRemove: endpoint({
    method: 'POST',
    path: '/api/shopping-list/items/remove',
    summary: 'Remove items from a list',
    access: buyer,
    body: shoppingListItemsRemoveInput,
    response: noData,
    isolation: probed,
  }),
  shoppingListBuy: endpoint({
    method: 'POST',
    path: '/api/shopping-list/buy',
    summary: 'A list (or selected items) into the cart in one step, each line explained (off sale, price, MOQ, stock)',
    access: buyer,
    body: shoppingListBuyInput,
    response: shoppingListBuyResult,
    isolation: probed,
  }),
};

/** 快速下单 from an Excel workbook (decision 0214): the template and the upload, resolved like a paste. */
export const quickOrderSheetEndpoints = {
  quickOrderTemplate: endpoint({
    method: 'GET',
    path: '/api/quick-order/template',
    summary: 'The 快速下单 template: columns SKU编码 and 数量',
    access: buyer,
    response: raw(XLSX_MIME),
    isolation: exempt('a blank template file'),
  }),
  quickOrderSheet: endpoint({
    method: 'POST',
    path: '/api/quick-order/sheet',
    summary: 'Read "SKU编码, 数量" rows from an uploaded workbook (multipart field `file`, .xlsx ≤ 5 MB) and resolve them',
    access: buyer,
    response: quickOrderSheetResult,
    isolation: exempt('parses the caller’s uploaded sheet and resolves public catalogue codes; stores nothing'),
  }),
};
