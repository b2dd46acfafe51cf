import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../../lib/envelope.ts';

/** GET /api/health — liveness plus a database round trip. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => {
    await app.db.execute(sql`select 1`);
    return ok({ status: 'ok', database: app.database.kind });
  });
}
