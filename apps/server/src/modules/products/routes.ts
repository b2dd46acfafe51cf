import type { FastifyInstance } from 'fastify';
import { stockEndpoints as s, supplyProductEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { adjustmentDetail, confirmAdjustment, createAdjustment, deleteAdjustment, listAdjustments, updateAdjustment } from './adjustments.ts';
import { attributesFor } from './category-attributes.ts';
import { exportProducts } from './product-export.ts';
import { copyProduct, deleteDrafts, shelveProducts, submitProduct } from './product-lifecycle.ts';
import { listProducts, productDetail } from './product-queries.ts';
import { createProduct, updateProduct } from './product-save.ts';
import { listLedger, listStock, setLowStock } from './stock.ts';
import { sendDownload } from '../../lib/download.ts';

/** The supplier's catalogue and stock (/customer/product …, inventory/…): scoped to the caller's company. */
export default async function productRoutes(app: FastifyInstance) {
  route(app, e.supplyProductList, async (request) => ok(await listProducts(app.db, companyCaller(request), request.body)));
  route(app, e.supplyProductDetail, async (request) => ok(await productDetail(app.db, companyCaller(request), request.query.id)));
  route(app, e.supplyProductCreate, async (request) => ok(await createProduct(app.db, companyCaller(request), request.body), '商品已保存为草稿'));
  route(app, e.supplyProductUpdate, async (request) => {
    const result = await updateProduct(app.db, companyCaller(request), request.body.sysNo, request.body.product);
    return ok(result, result.pendingRevision ? '修改已提交审核，审核通过前商城仍显示原内容' : '商品已保存');
  });
  route(app, e.supplyProductSubmit, async (request) => {
    await submitProduct(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '已提交审核');
  });
  route(app, e.supplyProductShelf, async (request) => {
    const r = await shelveProducts(app.db, companyCaller(request), request.body.ids, request.body.onSale);
    const verb = request.body.onSale ? '上架' : '下架';
    return ok(r, r.skipped ? `已${verb}${r.changed}件，${r.skipped}件不符合条件未处理` : `已${verb}${r.changed}件商品`);
  });
  route(app, e.supplyProductDelete, async (request) => {
    const r = await deleteDrafts(app.db, companyCaller(request), request.body.ids);
    return ok(r, `已删除${r.deleted}件商品`);
  });
  route(app, e.supplyProductCopy, async (request) => ok(await copyProduct(app.db, companyCaller(request), request.body.sysNo), '已复制为新草稿'));
  route(app, e.supplyProductExport, async (request, reply) => {
    const file = await exportProducts(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'products.xlsx', '商品列表.xlsx');
  });
  route(app, e.supplyCategoryAttributes, async (request) => ok(await attributesFor(app.db, request.query.categoryId)));

  route(app, s.stockList, async (request) => ok(await listStock(app.db, companyCaller(request), request.body)));
  route(app, s.stockSetLow, async (request) => {
    await setLowStock(app.db, companyCaller(request), request.body.skuId, request.body.lowStock);
    return ok(null, '预警库存已保存');
  });
  route(app, s.stockLedger, async (request) => ok(await listLedger(app.db, companyCaller(request), request.body)));
  route(app, s.adjustmentList, async (request) => ok(await listAdjustments(app.db, companyCaller(request), request.body)));
  route(app, s.adjustmentDetail, async (request) => ok(await adjustmentDetail(app.db, companyCaller(request), request.query.id)));
  route(app, s.adjustmentCreate, async (request) => ok(await createAdjustment(app.db, companyCaller(request), request.body), '调整单已保存'));
  route(app, s.adjustmentUpdate, async (request) => {
    await updateAdjustment(app.db, companyCaller(request), request.body.sysNo, request.body.adjustment);
    return ok(null, '调整单已保存');
  });
  route(app, s.adjustmentConfirm, async (request) => {
    await confirmAdjustment(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '调整单已确认，库存已更新');
  });
  route(app, s.adjustmentDelete, async (request) => {
    await deleteAdjustment(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '调整单已删除');
  });
}
