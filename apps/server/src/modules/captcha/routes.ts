import type { FastifyInstance } from 'fastify';
import { codeEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { devToolsEnabled } from '../../lib/providers/dev.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { createCaptcha, peekCaptcha } from './service.ts';

/** GET /api/ImgVerificationCode?id= — the picture captcha (SVG, never cached). */
export default async function captchaRoutes(app: FastifyInstance) {
  route(app, e.captchaImage, async (request, reply) => {
    const svg = await createCaptcha(app.db, request.query.id, devToolsEnabled(app));
    return reply
      .header('cache-control', 'no-store, max-age=0')
      .header('pragma', 'no-cache')
      .type('image/svg+xml; charset=utf-8')
      .send(svg);
  });

  // Demo mode only (the e2e tests opt in with DEMO=1): lets a browser test read a captcha it was shown.
  if (!devToolsEnabled(app)) return;
  route(app, e.devCaptcha, async (request) => {
    const text = await peekCaptcha(app.db, request.query.id);
    if (!text) throw notFound();
    return ok({ text });
  });
}
