import crypto from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CAPTCHA_LENGTH } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import { loadCaptcha } from '../../lib/lazy.ts';

export const CAPTCHA_TTL_MIN = 5;
const hashText = (id: string, text: string) =>
  crypto.createHash('sha256').update(`${id}:${text.trim().toLowerCase()}`).digest('hex');

/**
 * A fresh 4-character picture captcha for a browser-chosen id; replaces an earlier one. In demo mode
 * (`keepText`) the row also keeps the text for the sandbox peek, so any instance or worker can answer it.
 */
export async function createCaptcha(db: Db, id: string, keepText = false): Promise<string> {
  const c = (await loadCaptcha()).create({ size: CAPTCHA_LENGTH, ignoreChars: '0oO1iIlL', noise: 2, width: 110, height: 40, fontSize: 44 });
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MIN * 60_000);
  await db
    .insert(captchas)
    .values({ id, textHash: hashText(id, c.text), demoText: keepText ? c.text : null, expiresAt })
    .onConflictDoUpdate({
      target: captchas.id,
      set: { textHash: hashText(id, c.text), demoText: keepText ? c.text : null, expiresAt, createdAt: new Date() },
    });
  // Housekeeping: drop expired captchas now and then.
  if (Math.random() < 0.05) await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  return c.data;
}

/** Checks and consumes a captcha: single use, whether right or wrong. */
export async function verifyCaptcha(db: Db, id: string | undefined, text: string | undefined): Promise<boolean> {
  if (!id || !text) return false;
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, sql`now()`)))
    .returning({ textHash: captchas.textHash });
  const row = rows[0];
  if (!row) return false;
  const a = Buffer.from(row.textHash);
  const b = Buffer.from(hashText(id, text));
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Sandbox only: the text of a live captcha drawn in demo mode (for automated browser tests). */
export async function peekCaptcha(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ text: captchas.demoText })
    .from(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, sql`now()`)));
  return row?.text ?? undefined;
}
