import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { invalid } from '../../lib/errors.ts';
import { safeKey } from '../../lib/storage.ts';
import { markPrivate } from './access.ts';

/** A stored path as the browser may send it (`/f/u/…`, `f/u/…` or `u/…`) → the storage key. */
export const fileKey = (p: string) => p.replace(/^\/?f\//, '').replace(/^\/+/, '');

/**
 * Every path must be a file uploaded by a user of `companyId` (uploads are recorded per company and user),
 * so a company cannot submit another company's documents, or a made-up path, as its own. Answers the
 * storage keys in the order given; refuses with `message` otherwise (the same for "not yours" and "none").
 * Every caller attaches the files to a record as documents (proofs, licences, invoices, attachments, bid
 * files), so they become private documents (access.ts): from now on only those entitled can open them.
 */
export async function assertOwnUploads(db: Db, companyId: number, paths: string[], message: string): Promise<string[]> {
  const keys = paths.map((p) => safeKey(fileKey(p)));
  if (keys.some((k) => !k)) throw invalid(message);
  const wanted = [...new Set(keys as string[])];
  if (!wanted.length) return [];
  const found = await db
    .select({ path: files.path })
    .from(files)
    .where(and(inArray(files.path, wanted), eq(files.companyId, companyId)));
  if (found.length !== wanted.length) throw invalid(message);
  await markPrivate(db, wanted);
  return keys as string[];
}
