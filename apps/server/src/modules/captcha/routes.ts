import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@aquamall/shared';
import { devToolsEnabled } from '../../lib/providers/dev.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { createCaptcha, peekCaptcha } from './service.ts';

const idQuery = z.object({ id: z.string().trim().regex(/^[\w-]{4,64}$/, '验证码编号无效') });

/** GET /api/ImgVerificationCode?id= — the picture captcha (SVG, never cached). */
export default async function captchaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/ImgVerificationCode', { schema: { querystring: idQuery } }, async (request, reply) => {
    const svg = await createCaptcha(app.db, request.query.id);
    return reply
      .header('cache-control', 'no-store, max-age=0')
      .header('pragma', 'no-cache')
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });

  // Demo mode only (the e2e tests opt in with DEMO=1): lets a browser test read a captcha it was shown.
  if (!devToolsEnabled(app)) return;
  app.get('/api/dev/captcha', { schema: { querystring: idQuery } }, async (request) => {
    const text = peekCaptcha(request.query.id);
    if (!text) throw notFound();
    return ok({ text });
  });
}
