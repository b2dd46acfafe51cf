import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import type { Redis } from 'ioredis';
import { withKeyLocks } from '../../lib/key-lock.ts';
import { currentRedis } from '../../lib/redis.ts';

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
  const redis = currentRedis();
  if (redis) {
    const r = await redisAttempt(redis, account, ip ?? '', false, false);
    return { failures: r.failures, needCaptcha: r.needCaptcha, locked: r.locked };
  }
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
  const redis = currentRedis();
  if (redis) {
    const r = await redisAttempt(redis, account, ip, captchaPassed, true);
    if (!r.taken) return r;
    const failures = r.failures + 1;
    return { failures, needCaptcha: failures >= CAPTCHA_AFTER, locked: failures >= LOCK_AFTER, taken: true };
  }
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
  const redis = currentRedis();
  if (redis) {
    await redis.del(`${REDIS_PREFIX}a:${accountKey(account)}`);
    return;
  }
  await db.delete(loginFailures).where(eq(loginFailures.account, accountKey(account)));
}

/**
 * With REDIS_URL the failures live in Redis, so every instance counts them (DESIGN §4): one sorted set of
 * failure times per account and one per address, trimmed to the hour. Reading the state and taking an attempt
 * run in one Lua script, atomic like the advisory lock of the database path. Unlike the database path, a
 * successful sign-in clears the account's failures but not the address's (spraying detection keeps them).
 */
const REDIS_PREFIX = 'aquamall-lf:';
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local from = now - tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', from)
local n = redis.call('ZCARD', KEYS[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local lastTs = 0
if last[2] then lastTs = tonumber(last[2]) end
local locked = n >= tonumber(ARGV[5]) and lastTs > now - tonumber(ARGV[3])
local ipBusy = false
if n < tonumber(ARGV[4]) and KEYS[2] ~= KEYS[1] then
  ipBusy = redis.call('ZCOUNT', KEYS[2], '(' .. from, '+inf') >= tonumber(ARGV[6])
end
local need = n >= tonumber(ARGV[4]) or ipBusy
local taken = 0
if ARGV[8] == '1' and not locked and (not need or ARGV[7] == '1') then
  redis.call('ZADD', KEYS[1], now, ARGV[9])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  if KEYS[2] ~= KEYS[1] then
    redis.call('ZADD', KEYS[2], now, ARGV[9])
    redis.call('PEXPIRE', KEYS[2], ARGV[2])
  end
  taken = 1
end
return {n, locked and 1 or 0, need and 1 or 0, taken}
`;

async function redisAttempt(redis: Redis, account: string, ip: string, captchaPassed: boolean, reserve: boolean) {
  const key = accountKey(account);
  const accountSet = `${REDIS_PREFIX}a:${key}`;
  const ipSet = ip ? `${REDIS_PREFIX}i:${ip.slice(0, 64)}` : accountSet;
  const member = `${Date.now()}:${Math.random().toString(36).slice(2)}`;
  const [n, locked, need, taken] = (await redis.eval(
    ATTEMPT_SCRIPT,
    2,
    accountSet,
    ipSet,
    Date.now(),
    FAILURE_WINDOW_MIN * 60_000,
    LOCK_MIN * 60_000,
    CAPTCHA_AFTER,
    LOCK_AFTER,
    IP_CAPTCHA_AFTER,
    captchaPassed ? '1' : '0',
    reserve ? '1' : '0',
    member,
  )) as [number, number, number, number];
  return { failures: n, locked: locked === 1, needCaptcha: need === 1, taken: taken === 1 };
}
