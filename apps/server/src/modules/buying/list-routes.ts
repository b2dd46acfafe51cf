import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { XLSX_MIME } from '@aquamall/shared';
import { quickOrderSheetEndpoints as q, shoppingListEndpoints as s } from '@aquamall/shared/endpoints';
import { attachmentHeader } from '../../lib/download.ts';
import { ok } from '../../lib/envelope.ts';
import { receiveOneFile } from '../../lib/multipart-file.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { fail } from './messages.ts';
import { buildQuickOrderTemplate, resolveQuickOrderSheet } from './quick-order-sheet.ts';
import {
  addToShoppingList,
  buyShoppingList,
  createShoppingList,
  deleteShoppingList,
  listShoppingLists,
  removeShoppingListItems,
  shoppingListDetail,
  updateShoppingList,
  updateShoppingListItem,
} from './shopping-lists.ts';

/** 常购清单 and 快速下单 from Excel (decision 0214). */
export default async function shoppingListRoutes(app: FastifyInstance) {
  // Multipart only in this plugin (the 快速下单 workbook): one file of at most 5 MB.
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 } });

  route(app, s.shoppingListList, async (request) => ok(await listShoppingLists(app.db, companyCaller(request), request.body)));
  route(app, s.shoppingListCreate, async (request) =>
    ok(await createShoppingList(app.db, companyCaller(request), request.body), '清单已创建'),
  );
  route(app, s.shoppingListUpdate, async (request) => {
    await updateShoppingList(app.db, companyCaller(request), request.body);
    return ok(null, '清单已保存');
  });
  route(app, s.shoppingListDelete, async (request) => {
    await deleteShoppingList(app.db, companyCaller(request), request.body.id);
    return ok(null, '清单已删除');
  });
  route(app, s.shoppingListDetail, async (request) =>
    ok(await shoppingListDetail(app.db, companyCaller(request), request.query.id)),
  );
  route(app, s.shoppingListAddItems, async (request) => {
    const r = await addToShoppingList(app.db, companyCaller(request), request.body);
    return ok(r, `已加入常购清单“${r.listName}”`);
  });
  route(app, s.shoppingListItemUpdate, async (request) => {
    await updateShoppingListItem(app.db, companyCaller(request), request.body);
    return ok(null, '已保存');
  });
  route(app, s.shoppingListItemsRemove, async (request) => {
    await removeShoppingListItems(app.db, companyCaller(request), request.body.ids);
    return ok(null, '已从清单移除');
  });
  route(app, s.shoppingListBuy, async (request) => {
    const r = await buyShoppingList(app.db, companyCaller(request), request.body);
    return ok(r, r.added ? `已将${r.added}种商品加入购物车` : '没有可加入购物车的商品');
  });

  route(app, q.quickOrderTemplate, async (request, reply) => {
    companyCaller(request);
    return reply
      .type(XLSX_MIME)
      .header('content-disposition', attachmentHeader('quick-order.xlsx', '快速下单模板.xlsx'))
      .send(await buildQuickOrderTemplate());
  });
  route(app, q.quickOrderSheet, async (request) => {
    const caller = companyCaller(request);
    return ok(await resolveQuickOrderSheet(app.db, caller, await receiveFile(request)));
  });
}

const receiveFile = async (request: FastifyRequest): Promise<Buffer> =>
  (
    await receiveOneFile(request, {
      required: () => fail('QUICK_ORDER_FILE_REQUIRED'),
      tooLarge: () => fail('QUICK_ORDER_FILE_TOO_LARGE'),
      malformed: () => fail('QUICK_ORDER_FILE_MALFORMED'),
    })
  ).body;
