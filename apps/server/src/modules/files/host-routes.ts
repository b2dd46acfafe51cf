import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG } from '@aquamall/shared';
import { fileEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import { safeKey } from '../../lib/storage.ts';
import { fileAccess } from './access.ts';
import { sniff } from './content-type.ts';
import { CACHE_PREFIX, ImageVariants, VARIANT_WIDTHS } from './variants.ts';

/** Headers on every /f/ answer: stored bytes can never run as a page or a script in our origin. */
const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
} as const;
/** Keys are unique random names (uploads) or content-addressed (seed and variants): cache forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A private document: only the browser may keep it, and it asks again each time (access can end). */
const PRIVATE = 'private, no-cache';

/**
 * Keys never served by the public host: signed contracts (and anything else private) are only handed out by
 * authenticated routes that check the company. `contracts/` is where contracts were kept before `private/`.
 */
export const PRIVATE_PREFIX = 'private/';
const isPrivateKey = (key: string) => key.startsWith(PRIVATE_PREFIX) || key.startsWith('contracts/');

export interface FileRequest {
  key: string;
  width: number | null;
}

/**
 * Parses `/f/<key>` or `/f/w<width>/<key>` from the raw URL. Nothing is percent-decoded: stored keys only use
 * [A-Za-z0-9._-/], so an encoded character (`%2e%2e`, `%2f`, `%00`, `%5c`) can only be an attack and fails
 * `safeKey` like `..`, backslashes and absolute paths do. Returns null for anything not servable.
 */
export function parseFileUrl(url: string): FileRequest | null {
  const q = url.indexOf('?');
  const pathPart = q >= 0 ? url.slice(0, q) : url;
  if (!pathPart.startsWith('/f/')) return null;
  let rest = pathPart.slice(3);
  let width: number | null = null;
  const m = /^w(\d{1,5})\/(.*)$/s.exec(rest);
  if (m) {
    width = Number(m[1]);
    if (!VARIANT_WIDTHS.includes(width)) return null;
    rest = m[2]!;
  }
  const key = safeKey(rest);
  if (!key || isPrivateKey(key)) return null;
  // Variants of variants would grow the cache without bound.
  if (width !== null && key.startsWith(`${CACHE_PREFIX}/`)) return null;
  return { key, width };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}

/**
 * GET/HEAD /f/<path>, /f/w120/<path>, /f/w1080/<path> — the file host (docs/security.md "Uploads and
 * documents"): public files to anyone, private documents only to those entitled (access.ts).
 */
export default async function fileHostRoutes(app: FastifyInstance) {
  const variants = new ImageVariants(app.storage);

  const notFound = (reply: FastifyReply) =>
    reply.status(404).header('cache-control', 'no-cache').send({ code: 404, message: MSG.notFound, data: null });

  route(app, e.fileHost, async (request, reply) => {
    reply.headers(SAFETY_HEADERS);
    const target = parseFileUrl(request.url);
    if (!target) return notFound(reply);
    // A private document is served only to those entitled; to anyone else it does not exist.
    const access = await fileAccess(app.db, request, target.key);
    if (access === 'denied') return notFound(reply);
    const body = target.width ? await variants.get(target.key, target.width) : await app.storage.get(target.key);
    if (!body) return notFound(reply);

    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', access === 'public' ? IMMUTABLE : PRIVATE);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

    const type = await sniff(body);
    if (type.inline) {
      reply.type(type.mime);
    } else {
      const name = target.key.slice(target.key.lastIndexOf('/') + 1);
      reply.type('application/octet-stream').header('content-disposition', `attachment; filename="${name}"`);
    }
    return reply.send(body);
  });
}
