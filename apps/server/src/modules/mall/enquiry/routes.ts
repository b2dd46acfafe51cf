import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enquiryQuery, idParam } from '@aquamall/shared';
import { ok } from '../../../lib/envelope.ts';
import { enquiryDetail, queryEnquiries } from './service.ts';

/** Public purchaser enquiries (enquiry, enquiryDetail). */
export default async function enquiryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/openEnquiry/query', { schema: { body: enquiryQuery } }, async (req) =>
    ok(await queryEnquiries(app.db, req.body)),
  );
  r.get('/api/openEnquiry/:id', { schema: { params: idParam } }, async (req) =>
    ok(await enquiryDetail(app.db, req.params.id)),
  );
}
