import type { FastifyInstance } from 'fastify';
import { shopEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { shopFloors } from './floors.ts';
import { queryPurchasers } from './purchasers.ts';
import { companyOpenInfo, queryShops, shopCategories, shopInfo } from './service.ts';

/** Public shops (shopList, shopHome) and purchaser companies (pushershopList). */
export default async function shopRoutes(app: FastifyInstance) {
  route(app, e.shopList, async (req) => ok(await queryShops(app.db, req.body)));
  route(app, e.purchaserList, async (req) => ok(await queryPurchasers(app.db, req.body)));
  route(app, e.shopInfo, async (req) => ok(await shopInfo(app.db, req.params.id)));
  route(app, e.shopCompanyInfo, async (req) => ok(await companyOpenInfo(app.db, req.params.id)));
  route(app, e.shopFloors, async (req) => ok(await shopFloors(app.db, req.params.id)));
  route(app, e.shopCategories, async (req) => ok(await shopCategories(app.db, req.params.id)));
}
