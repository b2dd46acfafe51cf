import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '@aquamall/shared';

/**
 * Unknown /api (and /dev/) paths answer HTTP 404 (the client shows 接口地址不存在). Every other unknown path serves the web
 * app's index.html, whose router redirects unknown routes to the site home (DESIGN §1).
 */
export default fp(async function notFoundPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const indexPath = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
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
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // /dev/ is the demo's server-rendered outbox: outside demo mode it is an unknown path, not a web page.
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/f/') || url.startsWith('/file/') ||
      url.startsWith('/admin/api/') || url.startsWith('/dev/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 404, message: MSG.notFound, data: null });
    }
    if (!hasWeb) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('Web app not built: run `npm run build` (or `npm start`).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
