import { isConnectionError } from '../db/connection-errors.ts';

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/**
 * Process-wide last resort of a server process (docs/decisions/0163-database-hiccups.md). A lost database
 * connection that escapes every handler (an 'error' event or a rejected promise nobody awaited) is logged and
 * the process keeps serving: the pool replaces the connection. Any other unhandled rejection is logged as an
 * error with its stack and the process keeps serving (a rejected promise leaves no half-done state behind);
 * any other uncaught exception is logged as fatal and the process exits with 1 — its state is unknown — and
 * the cluster primary (or systemd) starts a new one.
 */
export function installProcessGuards(log: Logger, exit: (code: number) => void = (c) => process.exit(c)): () => void {
  const onRejection = (reason: unknown) => {
    if (isConnectionError(reason)) {
      log.warn({ err: reason }, 'database connection lost (unhandled rejection); the process keeps running');
    } else {
      log.error({ err: reason }, 'unhandled promise rejection');
    }
  };
  const onException = (err: unknown) => {
    if (isConnectionError(err)) {
      log.warn({ err }, 'database connection lost (uncaught exception); the process keeps running');
      return;
    }
    log.fatal({ err }, 'uncaught exception; exiting');
    exit(1);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
