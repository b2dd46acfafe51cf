import type { FastifyInstance } from 'fastify';
import { BidType } from '@aquamall/shared';
import { bidEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { bidDetail, queryBids } from './service.ts';

/** Public tenders (bidindex, bidDetail). querBid defaults to tenders, queryBidList to winning-bid notices. */
export default async function bidRoutes(app: FastifyInstance) {
  route(app, e.bidTenders, async (req) => ok(await queryBids(app.db, { ...req.body, type: req.body.type ?? BidType.TENDER })));
  route(app, e.bidResults, async (req) => ok(await queryBids(app.db, { ...req.body, type: req.body.type ?? BidType.RESULT })));
  route(app, e.bidDetail, async (req) => ok(await bidDetail(app.db, req.params.id)));
}
