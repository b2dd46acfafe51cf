import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { AppConfig } from '../config.ts';
import { startBanner } from './banner.ts';
import { EXIT_START_FAILED } from './exit-codes.ts';

/**
 * When to replace a dead worker (docs/decisions/0163-database-hiccups.md): at once when it had run for a
 * while (`stableMs`); after a backoff when it died soon after its start (1 s, 2 s, 4 s … at most 30 s), counted
 * per worker slot so one crash-looping worker does not slow the replacement of another. Never gives up: a
 * database that is down for minutes is waited out.
 */
export class RestartPolicy {
  private readonly quickDeaths = new Map<number, number>();
  constructor(private readonly opts = { baseMs: 1_000, maxMs: 30_000, stableMs: 10_000 }) {}

  /** Milliseconds to wait before starting the replacement of slot `slot`'s worker, which lived `livedMs`. */
  delay(slot: number, livedMs: number): number {
    if (livedMs >= this.opts.stableMs) {
      this.quickDeaths.set(slot, 0);
      return 0;
    }
    const n = (this.quickDeaths.get(slot) ?? 0) + 1;
    this.quickDeaths.set(slot, n);
    return Math.min(this.opts.maxMs, this.opts.baseMs * 2 ** (n - 1));
  }
}

/**
 * The cluster primary (docs/decisions/0081-worker-model.md): forks `config.workers` HTTP workers that share
 * nothing but the database, Redis and storage, and replaces any that dies (RestartPolicy). It holds no
 * database connection and serves no request: the workers apply the migrations under an advisory lock and the
 * first to take the seed lock seeds the demo, so both happen once. `exec` is the entry the workers run.
 */
export function runPrimary(config: AppConfig, exec: string): void {
  const log = pino({ level: config.logLevel });

  cluster.setupPrimary({ exec });
  let stopping = false;
  let listening = 0;
  let failedStarts = 0;
  const policy = new RestartPolicy();
  const workers = new Map<number, { slot: number; startedAt: number }>();
  const fork = (slot: number) => {
    if (stopping) return;
    const w = cluster.fork();
    workers.set(w.id, { slot, startedAt: Date.now() });
  };
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) console.log(startBanner(config, config.workers));
  });
  cluster.on('exit', (w: Worker, code, signal) => {
    const info = workers.get(w.id) ?? { slot: 0, startedAt: 0 };
    workers.delete(w.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A start that cannot succeed by retrying (port taken, data directory in use: serve.ts) fails the same way
    // in every worker: give up when all have, before any listened. Anything else is retried, without end.
    if (code === EXIT_START_FAILED && listening === 0 && ++failedStarts >= config.workers) {
      console.error('AquaMall could not start: every worker failed (see above).');
      process.exit(1);
    }
    const delayMs = policy.delay(info.slot, Date.now() - info.startedAt);
    log.error({ worker: w.id, pid: w.process.pid, code, signal, restartInMs: delayMs }, 'worker died; starting a new one');
    setTimeout(() => fork(info.slot), delayMs);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(0);
    // Each worker drains its requests on SIGTERM (main.ts); the primary exits when the last one has.
    for (const w of workers) w.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let slot = 0; slot < config.workers; slot++) fork(slot);
}
