/**
 * Recognises a lost or refused database connection (docs/decisions/0163-database-hiccups.md): the server
 * terminating the backend (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), a connection
 * exception (class 08), too many connections (53300), a socket error (ECONNRESET, ECONNREFUSED, …), or
 * node-postgres's own messages for a dead or closed client. Such an error fails the request that used the
 * connection with 503 服务器繁忙，请稍后重试 (plugins/errors.ts); the pool replaces the connection and the process
 * keeps running (lib/process-guard.ts).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);
const MESSAGES = [
  /^Connection terminated/, // 'Connection terminated' / '… unexpectedly' / '… due to connection timeout'
  /is not queryable/, // 'Client has encountered a connection error and is not queryable', '… was closed …'
  /^timeout exceeded when trying to connect/, // the pool's connectionTimeoutMillis
  /^Cannot use a pool after calling end on the pool/,
  /^terminating connection due to/, // 57P01/57P02 when the code got lost on the way
];

function isConnectionErrorItself(e: object): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) {
    return true;
  }
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/** True when `error`, or an error it wraps (`cause`, an AggregateError's `errors`), is a lost connection. */
export function isConnectionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (isConnectionErrorItself(e)) return true;
    queue.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}
