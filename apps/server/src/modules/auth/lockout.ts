import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { withKeyLocks } from '../../lib/key-lock.ts';

/** DESIGN §2: captcha after 5 failed logins; after 10 within an hour the account is locked for 30 minutes. */
export const CAPTCHA_AFTER = 5;
export const LOCK_AFTER = 10;
export const FAILURE_WINDOW_MIN = 60;
export const LOCK_MIN = 30;
/** Password spraying: many accounts from one address. Past this many failures in an hour, every login
 * from that address needs the captcha (no lock: a shared office NAT must still be able to sign in). */
export const IP_CAPTCHA_AFTER = 20;

export const MSG_LOCKED = `登录失败次数过多，请${LOCK_MIN}分钟后再试`;

/** The key failures are counted under: the account as typed, trimmed and lower-cased (exists or not). */
export const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 64);

export interface FailureState {
  failures: number;
  needCaptcha: boolean;
  locked: boolean;
}

export async function failureState(db: Db, account: string, ip?: string): Promise<FailureState> {
  const rows = await db
    .select({
      n: sql<number>`count(*)::int`,
      locked: sql<boolean>`coalesce(max(${loginFailures.createdAt}) > now() - make_interval(mins => ${LOCK_MIN}), false)`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.account, accountKey(account)),
        gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${FAILURE_WINDOW_MIN})`),
      ),
    );
  const n = Number(rows[0]?.n ?? 0);
  let ipBusy = false;
  if (ip && n < CAPTCHA_AFTER) {
    const [byIp] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip.slice(0, 64)), gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${FAILURE_WINDOW_MIN})`)));
    ipBusy = Number(byIp?.n ?? 0) >= IP_CAPTCHA_AFTER;
  }
  return { failures: n, needCaptcha: n >= CAPTCHA_AFTER || ipBusy, locked: n >= LOCK_AFTER && !!rows[0]?.locked };
}

/**
 * Takes one attempt for `account` before its password is checked, atomically (an advisory lock on the
 * account): the failure is recorded now and cleared if the password turns out right, so parallel attempts
 * each see the ones before them and no more than 5 get past without the captcha. Nothing is recorded when
 * the answer is "locked", or "captcha needed" for a caller that has not passed one.
 */
export async function reserveAttempt(
  db: Db,
  account: string,
  ip: string,
  captchaPassed: boolean,
): Promise<FailureState & { taken: boolean }> {
  const taken = await withKeyLocks(db, [`login:${accountKey(account)}`], async (tx) => {
    const state = await failureState(tx, account, ip);
    if (state.locked || (state.needCaptcha && !captchaPassed)) return { ...state, taken: false };
    await tx.insert(loginFailures).values({ account: accountKey(account), ip: ip.slice(0, 64) });
    const failures = state.failures + 1;
    return { failures, needCaptcha: failures >= CAPTCHA_AFTER, locked: failures >= LOCK_AFTER, taken: true };
  });
  // Housekeeping: failures older than a day no longer count for anything.
  if (Math.random() < 0.02) await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - interval '1 day'`));
  return taken;
}

export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, accountKey(account)));
}
