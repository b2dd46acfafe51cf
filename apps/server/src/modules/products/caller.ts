import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth/sessions.ts';

/** A signed-in company user (companyCaller). */
export type Caller = AuthContext & { companyId: number };

/** The name written on documents and ledger rows: real name, nickname or phone. */
export async function callerName(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ realName: users.realName, nickName: users.nickName, phone: users.phone }).from(users).where(eq(users.id, userId));
  return u ? u.realName || u.nickName || u.phone : '';
}

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error as `cause`). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Runs a change and answers the database's refusals in words: each PostgreSQL error code in `messages`
 * becomes a conflict with its message (unique SKU code, available stock, a confirmed document …).
 */
export async function explainDbErrors<T>(messages: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const message = messages[pgErrorCode(err) ?? ''];
    if (message) throw conflict(message);
    throw err;
  }
}
