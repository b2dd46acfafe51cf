import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { get } from '../http.ts';

/** The latest sandbox code sent to a phone or e-mail (read from the dev outbox JSON). */
export async function lastCode(app: FastifyInstance, target: string): Promise<string> {
  const r = await get<{ list: { body: string }[] }>(app, `/api/dev/outbox?target=${encodeURIComponent(target)}`);
  const m = /(\d{6})/.exec(r.data?.list?.[0]?.body ?? '');
  if (!m) throw new Error(`no code for ${target}`);
  return m[1]!;
}

/** Moves every code sent to the target the given number of seconds into the past. */
export async function ageCodes(db: Db, target: string, seconds: number) {
  const rows = await db.select().from(verificationCodes).where(eq(verificationCodes.target, target));
  for (const r of rows) {
    await db
      .update(verificationCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - seconds * 1000), expiresAt: new Date(r.expiresAt.getTime() - seconds * 1000) })
      .where(eq(verificationCodes.id, r.id));
  }
}
