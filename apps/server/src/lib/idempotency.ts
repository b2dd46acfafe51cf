import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { conflict } from './errors.ts';

/**
 * Claims an Idempotency-Key inside the caller's transaction (docs/decisions/0110): the key row is inserted
 * first, so a concurrent repeat waits on its unique index. Answers `{ replay }` with the stored answer when the
 * key was used before with the same body hash (a repeat with another body is refused with `otherBody`), or
 * `{ save }` to store this request's answer before the transaction commits.
 */
export async function claimIdempotencyKey<T>(
  tx: Db,
  claim: { userId: number; scope: string; key: string; hash: string },
  messages: { pending: string; otherBody: string },
): Promise<{ replay: T } | { save: (response: T) => Promise<void> }> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, scope: claim.scope, key: claim.key, requestHash: claim.hash, response: {} })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (claimed.length) {
    const id = claimed[0]!.id;
    return {
      save: async (response: T) => {
        await tx.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.id, id));
      },
    };
  }
  const [prev] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.key, claim.key),
      ),
    );
  if (!prev) throw conflict(messages.pending);
  if (prev.requestHash !== claim.hash) throw conflict(messages.otherBody);
  return { replay: prev.response as T };
}
