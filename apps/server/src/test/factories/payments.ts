import { OrderStatus, PayChannel, SubMerchantStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { paySubMerchants } from '../../db/schema/index.ts';
import { sandboxAlipayPid, sandboxAlipayToken, sandboxWechatSubMchId } from '../../lib/partners/pay/sandbox.ts';
import { advanceOrder } from './order-flow.ts';
import { makeOnSaleProduct, makeOrder, makePurchaser } from './orders.ts';
import { makeSupplier } from './products.ts';

/**
 * The supplier is a verified sub-merchant of the payment sandbox on both channels (decision 0216): a WeChat 特约商户号
 * bound to the sandbox service provider and an Alipay authorisation of the platform's application.
 */
export async function ensureSandboxSubMerchants(db: Db, companyId: number): Promise<void> {
  const pid = sandboxAlipayPid(companyId);
  await db
    .insert(paySubMerchants)
    .values([
      { companyId, channel: PayChannel.WECHAT, subMchId: sandboxWechatSubMchId(companyId), status: SubMerchantStatus.VERIFIED, verifiedAt: new Date() },
      { companyId, channel: PayChannel.ALIPAY, subMchId: pid, authToken: sandboxAlipayToken(pid), status: SubMerchantStatus.VERIFIED, verifiedAt: new Date() },
    ])
    .onConflictDoNothing();
}

/**
 * An order confirmed by its supplier and awaiting payment (待付款): `quantity` × ¥`price`, no freight. The supplier can
 * take online payments (verified sandbox sub-merchants) unless `subMerchants: false`.
 */
export async function orderAwaitingPayment(db: Db, name: string, price = 150, quantity = 2, opts: { subMerchants?: boolean } = {}) {
  const seller = await makeSupplier(db, `${name}供应商`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  if (opts.subMerchants !== false) await ensureSandboxSubMerchants(db, seller.id);
  const { skuIds } = await makeOnSaleProduct(db, seller, { skus: [{ price, stock: 1000 }] });
  const o = await makeOrder(db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity }]);
  await advanceOrder(db, o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
  return { seller, buyer, orderId: o.id };
}
