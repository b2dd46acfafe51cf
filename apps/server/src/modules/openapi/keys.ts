import crypto from 'node:crypto';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ApiKeyInput, ApiKeyRow, ApiKeySecret, PageQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import type { AuthContext } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { fail } from './messages.ts';
import { deriveSecret, sha256Hex } from './signing.ts';

export type OpenApiCaller = AuthContext & { companyId: number };

/** Active (not revoked) keys a company may hold at once. */
export const MAX_ACTIVE_KEYS = 10;

/** The open platform needs the master key (config) and is the company administrator's (docs/product/open-platform.md). */
export function openApiAdmin(masterKey: string | null, caller: OpenApiCaller): string {
  if (!caller.isCompanyAdmin) throw fail('OPENAPI_ADMIN_ONLY');
  if (!masterKey) throw fail('OPENAPI_OFF');
  return masterKey;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toKeyRow(r: typeof apiKeys.$inferSelect): ApiKeyRow {
  return {
    id: r.id,
    accessKeyId: r.accessKeyId,
    name: r.name,
    scopes: r.scopes,
    createdAt: r.createdAt.toISOString(),
    rotatedAt: iso(r.rotatedAt),
    revokedAt: iso(r.revokedAt),
    lastUsedAt: iso(r.lastUsedAt),
    useCount: r.useCount,
  };
}

export async function listKeys(db: Db, caller: OpenApiCaller, q: PageQuery) {
  const where = eq(apiKeys.companyId, caller.companyId);
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(apiKeys), total: totalOf(apiKeys, where) })
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    q,
    () => db.$count(apiKeys, where),
  );
  return { list: page.list.map(toKeyRow), total: page.total };
}

const newSalt = () => crypto.randomBytes(16).toString('hex');

export async function createKey(db: Db, masterKey: string, caller: OpenApiCaller, input: ApiKeyInput): Promise<ApiKeySecret> {
  return inTransaction(db, async (tx) => {
    // Serialises a company's creations, so the limit holds under parallel requests.
    await tx.execute(sql`select pg_advisory_xact_lock(205, ${caller.companyId})`);
    const active = await tx.$count(apiKeys, and(eq(apiKeys.companyId, caller.companyId), isNull(apiKeys.revokedAt)));
    if (active >= MAX_ACTIVE_KEYS) throw fail('API_KEY_LIMIT', { max: MAX_ACTIVE_KEYS });
    const accessKeyId = `AK${crypto.randomBytes(10).toString('hex')}`;
    const salt = newSalt();
    const secret = deriveSecret(masterKey, 'key', accessKeyId, salt);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: caller.companyId,
        accessKeyId,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        salt,
        secretHash: sha256Hex(secret),
        createdBy: caller.userId,
      })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, { userId: caller.userId, ip: '' }, {
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: row!.id,
      after: { accessKeyId, name: input.name, scopes: input.scopes },
    });
    return { id: row!.id, accessKeyId, secret };
  });
}

async function lockOwnKey(tx: Db, caller: OpenApiCaller, id: number) {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, caller.companyId)))
    .for('update');
  if (!row) throw fail('API_KEY_NOT_FOUND');
  return row;
}

/** A new salt, so a new secret: the old secret fails from the next call on every instance (no cache). */
export async function rotateKey(db: Db, masterKey: string, caller: OpenApiCaller, id: number): Promise<ApiKeySecret> {
  return inTransaction(db, async (tx) => {
    const row = await lockOwnKey(tx, caller, id);
    if (row.revokedAt) throw fail('API_KEY_REVOKED');
    const salt = newSalt();
    const secret = deriveSecret(masterKey, 'key', row.accessKeyId, salt);
    await tx.update(apiKeys).set({ salt, secretHash: sha256Hex(secret), rotatedAt: new Date() }).where(eq(apiKeys.id, id));
    await recordAudit(tx, { userId: caller.userId, ip: '' }, { action: 'api_key.rotate', targetType: 'api_key', targetId: id });
    return { id, accessKeyId: row.accessKeyId, secret };
  });
}

export async function revokeKey(db: Db, caller: OpenApiCaller, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockOwnKey(tx, caller, id);
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
    await recordAudit(tx, { userId: caller.userId, ip: '' }, { action: 'api_key.revoke', targetType: 'api_key', targetId: id });
  });
}
