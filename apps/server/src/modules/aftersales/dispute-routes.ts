import type { FastifyInstance } from 'fastify';
import { rmaDisputeEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { escalateRma } from './escalation.ts';

/** 申请平台介入 (decision 0187): either party of a refused request, scoped to the caller's company. */
export default async function rmaDisputeRoutes(app: FastifyInstance) {
  route(app, e.rmaEscalate, async (request) => {
    await escalateRma(app.db, companyCaller(request), request.body.id, request.body.reason);
    return ok(null, '已申请平台介入，平台处理后会通知双方');
  });
}
