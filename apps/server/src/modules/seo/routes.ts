import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { seoEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { Sitemaps, type XmlEntry } from './sitemap.ts';

/** Paths crawlers should leave alone: the workbench, the console, the API and sign-in (decision 0152). */
export const DISALLOWED = ['/customer', '/admin', '/api', '/sso', '/dev'];

export function robotsTxt(base: string): string {
  return ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

function sendXml(request: FastifyRequest, reply: FastifyReply, entry: XmlEntry) {
  reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').header('vary', 'accept-encoding');
  if (entry.xml.length > 1024 && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(entry.gzip());
  }
  return reply.send(entry.xml);
}

/** robots.txt and the sitemap (index plus files of at most SITEMAP_URLS_PER_FILE URLs), from PUBLIC_URL. */
export default async function seoRoutes(app: FastifyInstance) {
  const { publicUrl, publicUrlSet, demo, sitemapUrlsPerFile } = app.config;
  if (!publicUrlSet && !demo) {
    app.log.warn(`PUBLIC_URL is not set: canonical links, share cards and the sitemap point to ${publicUrl}`);
  }
  const robots = robotsTxt(publicUrl);
  const sitemaps = new Sitemaps(app.db, publicUrl, sitemapUrlsPerFile);

  route(app, e.robotsTxt, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  route(app, e.sitemapIndex, async (request, reply) => sendXml(request, reply, await sitemaps.index()));
  route(app, e.sitemapFile, async (request, reply) => {
    const entry = await sitemaps.file(request.params.file);
    if (!entry) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return sendXml(request, reply, entry);
  });
}
