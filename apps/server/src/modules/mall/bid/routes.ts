import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BidType, bidQuery, idParam } from '@aquamall/shared';
import { ok } from '../../../lib/envelope.ts';
import { bidDetail, queryBids } from './service.ts';

/** Public tenders (bidindex, bidDetail). querBid defaults to tenders, queryBidList to winning-bid notices. */
export default async function bidRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/openbid/querBid', { schema: { body: bidQuery } }, async (req) =>
    ok(await queryBids(app.db, { ...req.body, type: req.body.type ?? BidType.TENDER })),
  );
  r.post('/api/openbid/queryBidList', { schema: { body: bidQuery } }, async (req) =>
    ok(await queryBids(app.db, { ...req.body, type: req.body.type ?? BidType.RESULT })),
  );
  r.get('/api/openbid/:id', { schema: { params: idParam } }, async (req) =>
    ok(await bidDetail(app.db, req.params.id)),
  );
}
