import type { FastifyInstance } from 'fastify';
import { openEnquiryEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { enquiryDetail, queryEnquiries } from './service.ts';

/** Public purchaser enquiries (enquiry, enquiryDetail). */
export default async function enquiryRoutes(app: FastifyInstance) {
  route(app, e.openEnquiryList, async (req) => ok(await queryEnquiries(app.db, req.body)));
  route(app, e.openEnquiryDetail, async (req) => ok(await enquiryDetail(app.db, req.params.id)));
}
