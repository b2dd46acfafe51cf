import type { FastifyInstance } from 'fastify';
import { fileEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../plugins/auth.ts';
import { listFiles } from './list.ts';

/**
 * POST /api/file/list `{pageIndex, pageSize}` — the caller's company's uploads, newest first (a user without a
 * company sees their own). Records of other companies are never listed.
 */
export default async function fileListRoutes(app: FastifyInstance) {
  route(app, e.fileList, async (request) => ok(await listFiles(app.db, caller(request), request.body)));
}
