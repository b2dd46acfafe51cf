import type { FastifyInstance } from 'fastify';
import { tradePaperEndpoints as e } from '@aquamall/shared/endpoints';
import { sendDownload } from '../../lib/download.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { orderPaper } from './papers.ts';
import { creditPayee, matchTransfer, orderPayee } from './payee.ts';

/** Payees of transfers, the supplier's transfer check and the order papers (decision 0198). */
export default async function tradePaperRoutes(app: FastifyInstance) {
  const rules = app.config.orderRules;
  route(app, e.orderPayee, async (r) => ok(await orderPayee(app.db, companyCaller(r), r.query.id, rules)));
  route(app, e.creditPayee, async (r) => ok(await creditPayee(app.db, companyCaller(r), r.query.id)));
  route(app, e.orderTransferMatch, async (r) => ok(await matchTransfer(app.db, companyCaller(r), r.body, rules)));
  route(app, e.orderPaper, async (r, reply) => {
    const { pdf, fileName } = await orderPaper(app.db, companyCaller(r), r.query, rules);
    return sendDownload(reply, pdf, `order-${r.query.id}-${r.query.kind}.pdf`, fileName, { type: 'application/pdf', privateCopy: true });
  });
}
