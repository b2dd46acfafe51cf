import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { AppConfig } from '../config.ts';
import { startBanner } from './banner.ts';

/** A worker that dies sooner than this after its start counts as a crash loop and is restarted more slowly. */
const QUICK_DEATH_MS = 5_000;

/**
 * The cluster primary (docs/decisions/0081-worker-model.md): forks `config.workers` HTTP workers that share
 * nothing but the database, Redis and storage, and replaces any that dies. It holds no database connection
 * and serves no request: the workers apply the migrations under an advisory lock and the first to take the
 * seed lock seeds the demo, so both happen once. `exec` is the entry the workers run.
 */
export function runPrimary(config: AppConfig, exec: string): void {
  const log = pino({ level: config.logLevel });

  cluster.setupPrimary({ exec });
  let stopping = false;
  let listening = 0;
  let failedStarts = 0;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const w = cluster.fork();
    startedAt.set(w.id, Date.now());
  };
  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) console.log(startBanner(config, config.workers));
  });
  cluster.on('exit', (w: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(w.id) ?? 0);
    startedAt.delete(w.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that cannot start (database unreachable, port taken) fails the same way every time: give up.
    if (listening === 0 && ++failedStarts >= config.workers) {
      console.error('AquaMall could not start: every worker failed (see above).');
      process.exit(1);
    }
    log.error({ worker: w.id, pid: w.process.pid, code, signal }, 'worker died; starting a new one');
    setTimeout(fork, lived < QUICK_DEATH_MS ? 1_000 : 0);
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
  for (let i = 0; i < config.workers; i++) fork();
}
