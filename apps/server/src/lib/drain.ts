import type { FastifyInstance } from 'fastify';

/**
 * Graceful drain on SIGTERM/SIGINT: /api/ready answers 503 at once (a load balancer stops sending), after
 * `delayMs` the listener closes and idle keep-alive connections are dropped, in-flight requests finish (at most
 * `timeoutMs`, then their connections are cut), the database closes (onClose hooks), and the process exits:
 * 0 after a clean drain, 1 when the timeout had to cut requests or closing failed.
 */
export function drainOnSignals(app: FastifyInstance, opts: { delayMs: number; timeoutMs: number }): void {
  let draining = false;
  const drain = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.lifecycle.draining = true;
    app.log.info({ signal, ...opts }, 'draining');
    if (opts.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.delayMs));
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      app.log.error({ timeoutMs: opts.timeoutMs }, 'drain timed out: closing the remaining connections');
      app.server.closeAllConnections();
    }, opts.timeoutMs);
    timer.unref();
    try {
      await app.close();
      clearTimeout(timer);
      app.log.info('drained');
      process.exit(forced ? 1 : 0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));
}
