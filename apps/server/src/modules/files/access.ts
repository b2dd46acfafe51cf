import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { broadcastForget, registerCache } from '../../lib/cache-bus.ts';
import { dbKey, TtlCache } from '../../lib/ttl-cache.ts';
import { files } from '../../db/schema/index.ts';
import { isConsoleReady } from '../../plugins/auth.ts';
import { resolveToken, type AuthContext } from '../auth/index.ts';

/**
 * Private documents on the file host (docs/decisions/0171-private-documents.md). A file is private when it was
 * uploaded into a document folder or a private record took it (`files.private`); the host then serves it only
 * to the uploader's company, to platform administrators, and to the companies that are party to a record
 * referencing it (the other side of an order, invoice, credit account or quotation; the invited suppliers of
 * an invitation-only enquiry or tender; the purchaser of an opened tender, for the bids the sealed reader shows it). Public images — products, shops,
 * banners, news, avatars — stay public and cacheable.
 *
 * The browser opens files with `<img src>` and links, which cannot carry the `x-token` header, so every API
 * answer to a signed-in caller also sets an HttpOnly cookie holding the session token (`aq_file`, read only
 * by the file host); the file host takes the caller from `x-token` or that cookie.
 */

/** Upload folders (`/UploadHandler.ashx?appName=`) whose files are private from the start. */
export const PRIVATE_FOLDERS = ['order', 'invoice', 'bid', 'enquiry', 'contract', 'company', 'cert'] as const;
export const FILE_COOKIE = 'aq_file';

/**
 * Whether an upload is private, and whose it is, kept for a short while: every picture of a list page asks,
 * and the answer only ever changes from public to private (markPrivate), which forgets it at once here and,
 * through the cache bus, on the other instances.
 */
const stored = new TtlCache<{ private: boolean; companyId: number | null }>({ ttlMs: 60_000, max: 20_000 });
const CACHE_NAME = 'file-privacy';
registerCache(CACHE_NAME, (tags) => (tags ? stored.forget(...tags) : stored.clear()));

/** Marks stored files private: a record (proof, licence, invoice, attachment …) has taken them. */
export async function markPrivate(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db.update(files).set({ private: true }).where(inArray(files.path, keys));
  const tags = keys.map((k) => `f:${k}`);
  stored.forget(...tags);
  broadcastForget({ cache: CACHE_NAME, tags });
}

function storedFile(db: Db, key: string) {
  return stored.getOrLoad(
    `${dbKey(db)}:${key}`,
    async () => {
      const [row] = await db.select({ private: files.private, companyId: files.companyId }).from(files).where(eq(files.path, key));
      return { private: row?.private ?? false, companyId: row?.companyId ?? null };
    },
    () => [`f:${key}`],
  );
}

/** Anyone (a public enquiry's or tender's documents) when the answer holds this party. */
export const ANYONE = -1;

/**
 * A module above files that holds private documents registers who may read them: a `select <company id>` over
 * its own tables for the file `asDoc` (`[{"path": key}]`) / `asString` (`"key"`). The file host unions them in
 * the one statement below, so files imports no module above it and reads none of their tables
 * (docs/decisions/0212-module-faces.md). app.ts registers every module's source while it builds the app.
 */
export type FilePartiesSql = (asDoc: SQL, asString: SQL) => SQL;
const registeredParties: FilePartiesSql[] = [];

/** Registers a source of the companies entitled to private files (app.ts, while it builds the app; again is a no-op). */
export function registerFileParties(source: FilePartiesSql): void {
  if (!registeredParties.includes(source)) registeredParties.push(source);
}

/**
 * The companies entitled to a private file by the records that reference it (ANYONE for a public enquiry's or
 * published, not invited-only tender's documents: a draft's stay its purchaser's). One statement; only ever run for private files.
 */
async function parties(db: Db, key: string): Promise<Set<number>> {
  const asString = sql`to_jsonb(${key}::text)`;
  const asDoc = sql`jsonb_build_array(jsonb_build_object('path', ${key}::text))`;
  if (!registeredParties.length) return new Set();
  const sources = registeredParties.map((source) => sql`(${source(asDoc, asString)})`);
  const res = (await db.execute(sql`select party from (${sql.join(sources, sql` union `)}) as parties(party)`)) as unknown as {
    rows: { party: number | null }[];
  };
  return new Set(res.rows.map((r) => r.party).filter((p): p is number => p !== null));
}

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FILE_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

/** The caller of a file request: the x-token header, else the file cookie. */
async function fileCaller(db: Db, request: FastifyRequest): Promise<AuthContext | null> {
  if (request.auth) return request.auth;
  const header = request.headers['x-token'];
  const token = (Array.isArray(header) ? header[0] : header) ?? cookieToken(request);
  return token ? resolveToken(db, token) : null;
}

/**
 * Whether the file host may serve `key` to this request: 'public' (anyone, cacheable), 'private' (this caller
 * is entitled; not to be cached by shared caches) or 'denied' (answered as not found, like a missing file).
 */
export async function fileAccess(db: Db, request: FastifyRequest, requested: string): Promise<'public' | 'private' | 'denied'> {
  // A stored variant (`cache/w120/<key>`) is judged by its original.
  const key = requested.replace(/^cache\/w\d+\//, '');
  if (!key.startsWith('u/')) return 'public'; // seed images and other stored files that are not uploads
  const row = await storedFile(db, key);
  if (!row.private) return 'public';
  const auth = await fileCaller(db, request);
  if (isConsoleReady(auth)) return 'private';
  const company = auth?.companyId ?? null;
  if (company !== null && company === row.companyId) return 'private';
  const entitled = await parties(db, key);
  if (entitled.has(ANYONE) || (company !== null && entitled.has(company))) return 'private';
  return 'denied';
}

/**
 * After an API answer to a signed-in caller: sets the file cookie when the browser does not hold this
 * session's token yet (HttpOnly, so scripts cannot read it; the API never accepts it in place of x-token).
 */
export function setFileCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.auth) return;
  const header = request.headers['x-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || cookieToken(request) === token) return;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const cookie = `${FILE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`;
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

/** Registered beside the auth plugin: every request of a signed-in caller keeps the file cookie current. */
export const fileCookiePlugin = fp(async function fileCookie(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    setFileCookie(request, reply);
    done();
  });
});
