import type { FastifyInstance } from 'fastify';
import {
  addressEndpoints as a,
  cartEndpoints as c,
  invoiceTitleEndpoints as t,
  repeatBuyEndpoints as r,
} from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.ts';
import {
  addToCart,
  cartLineCount,
  clearInvalidLines,
  removeCartLines,
  selectCartLines,
  setCartQuantity,
  viewCart,
} from './cart.ts';
import { previewCheckout, submitCheckout } from './checkout.ts';
import { addQuickOrder, reorder, resolveQuickOrder } from './repeat.ts';
import {
  createInvoiceTitle,
  deleteInvoiceTitle,
  listInvoiceTitles,
  updateInvoiceTitle,
} from './invoice-titles.ts';

/** Buying (issue 12): addresses, invoice titles, the cart and the checkout, scoped to the caller's company and user. */
export default async function buyingRoutes(app: FastifyInstance) {
  route(app, a.addressList, async (request) => ok(await listAddresses(app.db, companyCaller(request))));
  route(app, a.addressCreate, async (request) =>
    ok(await createAddress(app.db, companyCaller(request), request.body), '收货地址已保存'),
  );
  route(app, a.addressUpdate, async (request) => {
    await updateAddress(app.db, companyCaller(request), request.body.sysNo, request.body.address);
    return ok(null, '收货地址已保存');
  });
  route(app, a.addressDelete, async (request) => {
    await deleteAddress(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '收货地址已删除');
  });
  route(app, a.addressSetDefault, async (request) => {
    await setDefaultAddress(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '已设为默认地址');
  });

  route(app, t.invoiceTitleList, async (request) =>
    ok(await listInvoiceTitles(app.db, companyCaller(request))),
  );
  route(app, t.invoiceTitleCreate, async (request) =>
    ok(await createInvoiceTitle(app.db, companyCaller(request), request.body), '发票抬头已保存'),
  );
  route(app, t.invoiceTitleUpdate, async (request) => {
    await updateInvoiceTitle(app.db, companyCaller(request), request.body.sysNo, request.body.title);
    return ok(null, '发票抬头已保存');
  });
  route(app, t.invoiceTitleDelete, async (request) => {
    await deleteInvoiceTitle(app.db, companyCaller(request), request.body.sysNo);
    return ok(null, '发票抬头已删除');
  });

  route(app, c.cartView, async (request) => ok(await viewCart(app.db, companyCaller(request))));
  route(app, c.cartCount, async (request) => ok(await cartLineCount(app.db, companyCaller(request))));
  route(app, c.cartAdd, async (request) =>
    ok(await addToCart(app.db, companyCaller(request), request.body), '已加入购物车'),
  );
  route(app, c.cartQuantity, async (request) => {
    await setCartQuantity(app.db, companyCaller(request), request.body.sysNo, request.body.quantity);
    return ok(null, '数量已修改');
  });
  route(app, c.cartSelect, async (request) => {
    await selectCartLines(app.db, companyCaller(request), request.body.sysNos, request.body.selected);
    return ok(null, '');
  });
  route(app, c.cartRemove, async (request) => {
    await removeCartLines(app.db, companyCaller(request), request.body.sysNos);
    return ok(null, '已从购物车删除');
  });
  route(app, c.cartClearInvalid, async (request) => {
    const r = await clearInvalidLines(app.db, companyCaller(request));
    return ok(r, r.removed ? `已清除${r.removed}件失效商品` : '没有失效商品');
  });
  route(app, c.checkoutPreview, async (request) =>
    ok(await previewCheckout(app.db, companyCaller(request), request.body)),
  );
  route(app, c.checkoutSubmit, async (request) => {
    const result = await submitCheckout(
      app.db,
      companyCaller(request),
      app.config.orderRules,
      request.headers['idempotency-key'],
      request.body,
    );
    return ok(
      result,
      result.purchaseRequest
        ? `已提交审批（采购申请 ${result.purchaseRequest.requestNo}），审批通过后自动下单`
        : result.orders.length > 1
        ? `已提交${result.orders.length}个订单，等待供应商确认`
        : '订单已提交，等待供应商确认',
    );
  });

  const addedText = (n: number) => (n ? `已将${n}种商品加入购物车` : '没有可加入购物车的商品');
  route(app, r.cartReorder, async (request) => {
    const result = await reorder(app.db, companyCaller(request), request.body.orderId);
    return ok(result, addedText(result.added));
  });
  route(app, r.quickOrderResolve, async (request) =>
    ok(await resolveQuickOrder(app.db, companyCaller(request), request.body)),
  );
  route(app, r.quickOrderAdd, async (request) => {
    const result = await addQuickOrder(app.db, companyCaller(request), request.body);
    return ok(result, addedText(result.added));
  });
}
