import type { FastifyInstance } from 'fastify';
import { contractPriceEndpoints as e, myPriceEndpoints as m } from '@aquamall/shared/endpoints';
import { CompanyType } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { sendDownload } from '../../lib/download.ts';
import { companyCaller } from '../../plugins/auth.ts';
import {
  contractSkus,
  exportContractPrices,
  createContractPrices,
  deleteContractPrice,
  editContractPrice,
  endContractPrice,
  listContractPrices,
} from './contract-prices.ts';
import { goodsAnswerIds } from '../search/index.ts';
import { myPrices } from './my-prices.ts';
import priceListRoutes from './list-routes.ts';

/** The supplier's contract price rules (price/index) and the purchaser's own prices overlaid on goods pages. */
export default async function pricingRoutes(app: FastifyInstance) {
  await app.register(priceListRoutes);
  route(app, e.contractPriceList, async (request) => ok(await listContractPrices(app.db, companyCaller(request), request.body)));
  route(app, e.contractPriceExport, async (request, reply) => {
    const file = await exportContractPrices(app.db, companyCaller(request), request.body);
    return sendDownload(reply, file, 'contract-prices.xlsx', '协议价.xlsx', { privateCopy: true });
  });
  route(app, e.contractPriceSkus, async (request) => ok(await contractSkus(app.db, companyCaller(request), request.query.keyword)));
  route(app, e.contractPriceCreate, async (request) =>
    ok(await createContractPrices(app.db, companyCaller(request), request.body), '协议价已保存'),
  );
  route(app, e.contractPriceEdit, async (request) => {
    await editContractPrice(app.db, companyCaller(request), request.body);
    return ok(null, '协议价已修改');
  });
  route(app, e.contractPriceEnd, async (request) => {
    await endContractPrice(app.db, companyCaller(request), request.body.id);
    return ok(null, '协议价已结束');
  });
  route(app, e.contractPriceDelete, async (request) => {
    await deleteContractPrice(app.db, companyCaller(request), request.body.id);
    return ok(null, '协议价已删除');
  });
  route(app, m.pricingMine, async (request) => {
    const caller = companyCaller(request);
    const { productIds, goods } = request.body;
    // A goods list page's query: its products from the public list's cached answer (decision 0248).
    const ids = goods && caller.companyType === CompanyType.PURCHASER ? [...productIds, ...(await goodsAnswerIds(app.db, goods))] : productIds;
    return ok({ skus: await myPrices(app.db, caller, ids) });
  });
}
