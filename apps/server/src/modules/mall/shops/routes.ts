import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, purchaserQuery, shopQuery } from '@aquamall/shared';
import { ok } from '../../../lib/envelope.ts';
import { shopFloors } from './floors.ts';
import { queryPurchasers } from './purchasers.ts';
import { companyOpenInfo, queryShops, shopCategories, shopInfo } from './service.ts';

/** Public shops (shopList, shopHome) and purchaser companies (pushershopList). */
export default async function shopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/querycompanystore', { schema: { body: shopQuery } }, async (req) =>
    ok(await queryShops(app.db, req.body)),
  );
  r.post('/api/purchaser/query', { schema: { body: purchaserQuery } }, async (req) =>
    ok(await queryPurchasers(app.db, req.body)),
  );
  r.get('/api/companystoreinfo/:id', { schema: { params: idParam } }, async (req) =>
    ok(await shopInfo(app.db, req.params.id)),
  );
  r.get('/api/queryCompanyOpenInfo/:id', { schema: { params: idParam } }, async (req) =>
    ok(await companyOpenInfo(app.db, req.params.id)),
  );
  r.get('/api/queryFloorData/:id', { schema: { params: idParam } }, async (req) =>
    ok(await shopFloors(app.db, req.params.id)),
  );
  r.get('/api/companystore/categories/:id', { schema: { params: idParam } }, async (req) =>
    ok(await shopCategories(app.db, req.params.id)),
  );
}
