import type { FastifyInstance } from 'fastify';
import { sendEntry } from '../site/cache.ts';
import { categoryTree } from './service.ts';

/** GET /api/product/category — the 3-level category tree (SPEC §3 CategoryNode). */
export default async function catalogRoutes(app: FastifyInstance) {
  app.get('/api/product/category', async (request, reply) => sendEntry(request, reply, await categoryTree(app.db)));
}
