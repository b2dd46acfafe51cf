import type { FastifyInstance } from 'fastify';
import { adminCatalogEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { auditActor } from '../audit/index.ts';
import { deleteCategory, listCategories, listProducts, saveCategory, takeDownProduct } from './catalog.ts';
import { deleteSynonym, listSynonyms, saveSynonym } from './synonyms.ts';

/** Console: the 3-level category tree, product moderation and the search synonym table (ADMIN access). */
export default async function adminCatalogRoutes(app: FastifyInstance) {
  route(app, e.adminCategoryList, async () => ok(await listCategories(app.db)));

  route(app, e.adminCategorySave, async (request) => ok(await saveCategory(app.db, auditActor(request), request.body), '分类已保存'));

  route(app, e.adminCategoryDelete, async (request) => {
    await deleteCategory(app.db, auditActor(request), request.body.id);
    return ok(null, '分类已删除');
  });

  route(app, e.adminProductList, async (request) => ok(await listProducts(app.db, request.body)));

  route(app, e.adminProductTakedown, async (request) =>
    ok(await takeDownProduct(app.db, auditActor(request), request.body.id, request.body.reason), '商品已下架'),
  );

  route(app, e.adminSynonymList, async (request) => ok(await listSynonyms(app.db, request.body)));

  route(app, e.adminSynonymSave, async (request) => ok(await saveSynonym(app.db, auditActor(request), request.body), '同义词已保存'));

  route(app, e.adminSynonymDelete, async (request) => {
    await deleteSynonym(app.db, auditActor(request), request.body.id);
    return ok(null, '同义词已删除');
  });
}
