import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SMS_CODE_LENGTH, SMS_RESEND_S } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { codesErrors, fail } from './messages.ts';
import { withKeyLocks } from '../../lib/key-lock.ts';

/** docs/product/accounts.md#one-time-codes code rules. */
export const CODE_TTL_MIN = 5;
export const CODE_MAX_TRIES = 5;
export const DAILY_CAP_PER_TARGET = 10;
/** Offices share one address, so the per-IP cap is generous; the per-number cap stops SMS bombing. */
export const DAILY_CAP_PER_IP = 100;

export type Channel = 'sms' | 'email';
export const PURPOSES = ['login', 'register', 'forget', 'bind', 'oldphone', 'newphone', 'invite', 'delete', 'sign'] as const;
export type Purpose = (typeof PURPOSES)[number];

export const MSG_BAD_CODE = codesErrors.CODE_WRONG.message;

const hashCode = (channel: Channel, target: string, purpose: Purpose, code: string) =>
  crypto.createHash('sha256').update(`${channel}:${target}:${purpose}:${code}`).digest('hex');

export const randomCode = () => String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/**
 * Records a new code after the resend and daily-cap checks and returns it for delivery. Called for every
 * send, also for targets that will receive nothing (unknown accounts), so limits never reveal existence.
 */
export async function issueCode(db: Db, opts: { channel: Channel; target: string; purpose: Purpose; ip: string }): Promise<string> {
  const { channel, target, purpose } = opts;
  const ip = opts.ip.slice(0, 64);
  // The checks and the insert run under locks on the target and the address, so parallel sends cannot all
  // pass the resend interval or the daily caps before any of them is recorded.
  const code = await withKeyLocks(db, [`code:${channel}:${target}`, ...(ip ? [`code-ip:${ip}`] : [])], async (tx) => {
    const [last] = await tx
      .select({ age: sql<number>`extract(epoch from (now() - ${verificationCodes.createdAt}))::float8` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (last && Number(last.age) < SMS_RESEND_S) {
      throw fail('CODE_RESEND_TOO_SOON', { seconds: Math.max(1, Math.ceil(SMS_RESEND_S - Number(last.age))) });
    }
    const dayAgo = sql`now() - interval '1 day'`;
    const [perTarget] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target), gt(verificationCodes.createdAt, dayAgo)));
    if (Number(perTarget?.n ?? 0) >= DAILY_CAP_PER_TARGET) throw fail('CODE_DAILY_CAP');
    if (ip) {
      const [perIp] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, dayAgo)));
      if (Number(perIp?.n ?? 0) >= DAILY_CAP_PER_IP) throw fail('CODE_DAILY_CAP');
    }
    const fresh = randomCode();
    await tx.insert(verificationCodes).values({
      channel,
      target,
      purpose,
      ip,
      codeHash: hashCode(channel, target, purpose, fresh),
      expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MIN})` as unknown as Date,
    });
    return fresh;
  });
  // Housekeeping: codes older than two days are no longer needed for the daily caps.
  if (Math.random() < 0.02) await db.delete(verificationCodes).where(lt(verificationCodes.createdAt, sql`now() - interval '2 days'`));
  return code;
}

/**
 * Checks a code against the latest live code for (channel, target, purpose): valid 5 minutes, single use,
 * at most 5 tries (then it is dead and a new one must be requested). Returns true once, on the right code.
 */
export async function checkCode(db: Db, opts: { channel: Channel; target: string; purpose: Purpose; code: string }): Promise<boolean> {
  const { channel, target, purpose, code } = opts;
  const [latest] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!latest) return false;
  // The try is counted in the same statement that finds the code live, before the code is compared, so
  // parallel guesses cannot all read "0 tries" and get checked.
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.attempts, CODE_MAX_TRIES),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  if (!row) return false;
  const a = Buffer.from(row.codeHash);
  const b = Buffer.from(hashCode(channel, target, purpose, code));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return false;
  // Conditional update: two concurrent uses of one code cannot both win.
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}

/** checkCode that throws 验证码错误或已过期. */
export async function requireCode(db: Db, opts: { channel: Channel; target: string; purpose: Purpose; code: string }): Promise<void> {
  if (!(await checkCode(db, opts))) throw fail('CODE_WRONG');
}
