import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '@aquamall/shared';
import { isPublicPath, publicPage, type PublicPage } from './pages.ts';
import { renderPage } from './render.ts';
import { IndexTemplate } from './template.ts';
import { CompressedText } from '../site/index.ts';
import { siteSettings } from '../site/index.ts';

/**
 * Unknown /api (and /dev/) paths answer HTTP 404 (the client shows 接口地址不存在). Every other unknown path serves the web
 * app's index.html, whose router redirects unknown routes to the site home (docs/product/api-envelope.md#unknown-paths). The public pages (site
 * home, mall lists, goods, shops, enquiries, tenders, articles) get their own title, description, canonical
 * link, Open Graph tags and a text block for readers without JavaScript, and 404/410 when the record is not
 * public (decision 0152). index.html is read and split once, at start.
 */
export default fp(async function notFoundPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  const template = hasWeb ? IndexTemplate.fromFile(indexPath) : undefined;
  const plainEtag = template ? `"${crypto.createHash('sha1').update(template.plain).digest('base64url').slice(0, 22)}"` : '';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // index.html must never be cached, or a deploy would strand clients on old asset names.
      setHeaders(res, filePath) {
        if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  // A shared page (the cached goods detail's) is rendered and compressed once per site name while it lives.
  const rendered = new WeakMap<PublicPage, { siteName: string; body: CompressedText }>();
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    // /dev/ is the demo's server-rendered outbox: outside demo mode it is an unknown path, not a web page.
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/f/') || url.startsWith('/file/') ||
      url.startsWith('/admin/api/') || url.startsWith('/dev/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 404, message: MSG.notFound, data: null });
    }
    if (!template) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('Web app not built: run `npm run build` (or `npm start`).');
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const q = url.indexOf('?');
    const pathname = q < 0 ? url : url.slice(0, q);
    if (isPublicPath(pathname)) {
      try {
        const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
        const [page, settings] = await Promise.all([
          publicPage(app.db, pathname, query, template.defaultDescription),
          siteSettings(app.db),
        ]);
        if (page?.shared) {
          let kept = rendered.get(page);
          if (kept?.siteName !== settings.siteName) {
            kept = { siteName: settings.siteName, body: new CompressedText(renderPage(template, page, app.config.publicUrl, settings.siteName)) };
            rendered.set(page, kept);
          }
          return kept.body.send(request, reply.status(page.status).header('vary', 'accept-encoding'));
        }
        if (page) return reply.status(page.status).send(renderPage(template, page, app.config.publicUrl, settings.siteName));
      } catch (err) {
        // The app still works without the meta tags: log and answer the plain page.
        request.log.error({ err }, 'public page meta failed');
      }
    }
    reply.header('etag', plainEtag);
    if (request.headers['if-none-match'] === plainEtag) return reply.status(304).send();
    return reply.send(template.plain);
  });
});
