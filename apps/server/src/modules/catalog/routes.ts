import type { FastifyInstance } from 'fastify';
import { catalogEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { sendEntry, SESSIONLESS } from '../site/index.ts';
import { categoryTree } from './service.ts';

/** GET /api/product/category — the 3-level category tree (CategoryNode: docs/product/mall.md#category-catalogue), a cached pre-serialised answer. */
export default async function catalogRoutes(app: FastifyInstance) {
  route(app, e.categoryTree, async (request, reply) => sendEntry(request, reply, await categoryTree(app.db)), SESSIONLESS);
}
