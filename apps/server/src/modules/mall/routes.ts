import type { FastifyInstance } from 'fastify';
import bidRoutes from './bid/routes.ts';
import enquiryRoutes from './enquiry/routes.ts';
import goodsRoutes from './goods/routes.ts';
import noticeRoutes from './notice/routes.ts';
import shopRoutes from './shops/routes.ts';

/** The public mall API (mall routes: docs/product/mall.md#mall-routes): no login needed, only public data. */
export default async function mallRoutes(app: FastifyInstance) {
  await app.register(goodsRoutes);
  await app.register(shopRoutes);
  await app.register(enquiryRoutes);
  await app.register(noticeRoutes);
  await app.register(bidRoutes);
}
