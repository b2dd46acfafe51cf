import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/index.ts';
import type { Redis } from 'ioredis';
import { withKeyLocks } from '../../lib/key-lock.ts';
import { currentRedis, viaRedis } from '../../lib/redis.ts';

/** docs/product/accounts.md#brute-force-protection: captcha after 5 failed logins; after 10 within an hour the account is locked for 30 minutes. */
export const CAPTCHA_AFTER = 5;
export const LOCK_AFTER = 10;
export const FAILURE_WINDOW_MIN = 60;
export const LOCK_MIN = 30;
/** Password spraying: many accounts from one address. Past this many failures in an hour, every login
 * from that address needs the captcha (no lock: a shared office NAT must still be able to sign in). */
export const IP_CAPTCHA_AFTER = 20;

/** The key failures are counted under: the account as typed, trimmed and lower-cased (exists or not). */
export const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 64);

export interface FailureState {
  failures: number;
  needCaptcha: boolean;
  locked: boolean;
}

export async function failureState(db: Db, account: string, ip?: string): Promise<FailureState> {
  return viaRedis(
    'lockout',
    currentRedis(),
    async (redis) => {
      const r = await redisAttempt(redis, account, ip ?? '', false, false);
      return { failures: r.failures, needCaptcha: r.needCaptcha, locked: r.locked };
    },
    () => databaseFailureState(db, account, ip),
  );
}

async function databaseFailureState(db: Db, account: string, ip?: string): Promise<FailureState> {
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
  return viaRedis(
    'lockout',
    currentRedis(),
    async (redis) => {
      const r = await redisAttempt(redis, account, ip, captchaPassed, true);
      if (!r.taken) return { ...r, taken: false };
      const failures = r.failures + 1;
      return { failures, needCaptcha: failures >= CAPTCHA_AFTER, locked: failures >= LOCK_AFTER, taken: true };
    },
    () => databaseReserve(db, account, ip, captchaPassed),
  );
}

async function databaseReserve(db: Db, account: string, ip: string, captchaPassed: boolean) {
  const taken = await withKeyLocks(db, [`login:${accountKey(account)}`], async (tx) => {
    const state = await databaseFailureState(tx, account, ip);
    if (state.locked || (state.needCaptcha && !captchaPassed)) return { ...state, taken: false };
    await tx.insert(loginFailures).values({ account: accountKey(account), ip: ip.slice(0, 64) });
    const failures = state.failures + 1;
    return { failures, needCaptcha: failures >= CAPTCHA_AFTER, locked: failures >= LOCK_AFTER, taken: true };
  });
  // Housekeeping: failures older than a day no longer count for anything.
  if (Math.random() < 0.02) await db.delete(loginFailures).where(lt(loginFailures.createdAt, sql`now() - interval '1 day'`));
  return taken;
}

/**
 * A success (or a password reset) forgets the account's failures — also from the count of the address they
 * came from (`ip`), since the attempt that just succeeded was recorded as a failure before the password was
 * checked. Only failures count against an address: an office behind one NAT address signing in every morning
 * never reaches IP_CAPTCHA_AFTER (docs/security.md "Counters and codes").
 */
export async function clearFailures(db: Db, account: string, ip?: string): Promise<void> {
  await viaRedis(
    'lockout',
    currentRedis(),
    async (redis) => {
      const accountSet = `${REDIS_PREFIX}a:${accountKey(account)}`;
      await redis.eval(CLEAR_SCRIPT, 2, accountSet, ip ? `${REDIS_PREFIX}i:${ip.slice(0, 64)}` : accountSet);
    },
    async () => {
      await db.delete(loginFailures).where(eq(loginFailures.account, accountKey(account)));
    },
  );
}

/**
 * With REDIS_URL the failures live in Redis, so every instance counts them (docs/product/deployment.md#several-instances): one sorted set of
 * failure times per account and one per address, trimmed to the hour. Reading the state and taking an attempt
 * run in one Lua script, atomic like the advisory lock of the database path. As on the database path, a
 * successful sign-in forgets the account's failures, from the account's set and from the address's.
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

/** The account's failures leave the address's set (same members), then the account's set goes. */
const CLEAR_SCRIPT = `
if KEYS[2] ~= KEYS[1] then
  local members = redis.call('ZRANGE', KEYS[1], 0, -1)
  for i = 1, #members, 500 do
    redis.call('ZREM', KEYS[2], unpack(members, i, math.min(i + 499, #members)))
  end
end
redis.call('DEL', KEYS[1])
return 1
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
