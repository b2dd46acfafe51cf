import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { ok } from '../../lib/envelope.ts';

/** How long cached site data lives; console edits call invalidateSiteData() so they show at once. */
export const SITE_TTL_MS = 30_000;

/** A text body compressed at most once per encoding (brotli, gzip), on first demand. */
export class CompressedText {
  private gz: Buffer | undefined;
  private brBody: Buffer | undefined;

  constructor(readonly text: string) {}

  /** The gzip body, made once per entry (only for bodies worth compressing). */
  gzip(): Buffer {
    this.gz ??= zlib.gzipSync(this.text, { level: 9 });
    return this.gz;
  }

  /**
   * The brotli body, made once per entry: smaller than gzip for JSON. Quality 9 rather than 11: the first
   * request after each fill waits for it (a few ms instead of tens).
   */
  brotli(): Buffer {
    this.brBody ??= zlib.brotliCompressSync(this.text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(this.text),
      },
    });
    return this.brBody;
  }

  /** Sends the body in the best encoding the client accepts (bodies of 1 KB or less as they are). */
  send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = this.text.length > 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(this.brotli());
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(this.gzip());
    return reply.send(this.text);
  }
}

/** An already-serialised success envelope, so a cache hit is a plain string send. */
export class JsonEntry extends CompressedText {
  readonly etag: string;

  constructor(data: unknown) {
    super(JSON.stringify(ok(data)));
    this.etag = `W/"${crypto.createHash('sha1').update(this.text).digest('base64url').slice(0, 22)}"`;
  }

  get json(): string {
    return this.text;
  }
}

type Encoding = 'br' | 'gzip' | null;
/** Accept-Encoding values seen and their answer: clients send one of a handful, parsing it each time cost ~2 µs. */
const encodingOf = new Map<string, Encoding>();

/** The encoding to send a cached body in: brotli, then gzip, when the client accepts it (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return null;
  let found = encodingOf.get(acceptEncoding);
  if (found === undefined) {
    found = parseEncoding(acceptEncoding);
    if (encodingOf.size >= 100) encodingOf.clear();
    encodingOf.set(acceptEncoding, found);
  }
  return found;
}

function parseEncoding(acceptEncoding: string): Encoding {
  const accepted = (name: string) =>
    acceptEncoding.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim().toLowerCase() !== name) return false;
      const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });
  return accepted('br') ? 'br' : accepted('gzip') ? 'gzip' : null;
}

interface Slot {
  value: unknown;
  expires: number;
}

/**
 * A per-database cache with a TTL: serialised answers (`get`) and plain values (`value`). Concurrent misses
 * share one build.
 */
export class JsonCache {
  private slots = new Map<string, Slot>();
  private pending = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(private readonly ttlMs = SITE_TTL_MS) {}

  /** The answer for `key` as a serialised envelope. */
  get(key: string, build: () => Promise<unknown>): Promise<JsonEntry> {
    return this.value(`json:${key}`, async () => new JsonEntry(await build()));
  }

  value<T>(key: string, build: () => Promise<T>): Promise<T> {
    const slot = this.slots.get(key);
    if (slot && slot.expires > Date.now()) return Promise.resolve(slot.value as T);
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const promise = build()
      .then((value) => {
        // A build that straddled an invalidation may hold old data: answer with it, but do not keep it.
        if (generation === this.generation) this.slots.set(key, { value, expires: Date.now() + this.ttlMs });
        return value;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation++;
    this.slots.clear();
    this.pending.clear();
  }
}

// One cache per open database (one per app; tests open several in a process).
const caches = new Map<object, JsonCache>();

export function cacheFor(db: object): JsonCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new JsonCache();
    caches.set(db, cache);
  }
  return cache;
}

export function dropCache(db: object): void {
  caches.delete(db);
}

/**
 * Forgets every cached piece of site data (home data, menus, footer, banners, partners, statistics and the
 * category tree). The admin console calls this after each edit; the other instances and workers on the same
 * PostgreSQL database hear of it over the cache bus (lib/cache-bus.ts) and forget theirs a moment later, instead
 * of serving the old content for up to SITE_TTL_MS.
 */
export function invalidateSiteData(): void {
  forgetSiteData();
  broadcastForget({ cache: SITE_CACHE, tags: null });
}

const SITE_CACHE = 'site';
function forgetSiteData(): void {
  for (const cache of caches.values()) cache.clear();
}
registerCache(SITE_CACHE, forgetSiteData);

/** Route extras of the cached public answers: they read no caller, so the x-token is not looked up. */
export const SESSIONLESS = { config: { sessionless: true } };

/**
 * Sends a cached answer: ETag (304 when the client has it), brotli or gzip when accepted and worth it (each
 * compressed once per cache fill), and the given cache-control. Nothing is serialised or compressed per request.
 */
export function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: JsonEntry, cacheControl = 'no-cache') {
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  const inm = request.headers['if-none-match'];
  if (request.method === 'GET' && inm && inm.split(',').some((t) => t.trim() === entry.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  return entry.send(request, reply);
}
