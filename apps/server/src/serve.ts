import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { build } from './app.ts';
import { startBanner } from './cluster/banner.ts';
import { EXIT_START_FAILED } from './cluster/exit-codes.ts';
import type { AppConfig } from './config.ts';
import { seedOnStart } from './db/seed/guard.ts';
import { copyDemoTemplate, demoShiftDone, demoTemplateDir, pendingDemoShift } from './db/seed/template.ts';
import { shiftDemoDates } from './db/seed/shift.ts';
import { openDatabase, type Database } from './db/client.ts';
import { isConnectionError } from './db/connection-errors.ts';
import { drainOnSignals } from './lib/drain.ts';
import { installProcessGuards } from './lib/process-guard.ts';
import { startMark } from './lib/start-timings.ts';

/** One HTTP server process: the whole server on the embedded database, or one worker on PostgreSQL. */
export async function serve(config: AppConfig): Promise<void> {
  startMark('server loaded');
  let app: Awaited<ReturnType<typeof build>>;
  try {
    if (config.seedDemo && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata'))) {
      // The build's seeded data directory is copied (files included, so not with S3); else the seed runs.
      const compiled = !import.meta.filename.endsWith('.ts');
      const copied = compiled && !config.s3 && copyDemoTemplate(demoTemplateDir(config.pgTemplate), config.dataDir);
      if (!copied) await seedInChild();
      startMark(copied ? 'demo template copied' : 'demo seeded');
    }
    // A copy of a template seeded on an earlier China day has its dates moved to today first (decision 0213);
    // the database opened for that is the server's.
    const shift = config.databaseUrl ? null : pendingDemoShift(config.dataDir);
    let database: Database | undefined;
    if (shift !== null) {
      if (shift > 0) {
        database = await openDatabase({ dataDir: config.dataDir, pgTemplate: config.pgTemplate });
        startMark('database opened for the shift');
        await shiftDemoDates(database.db, shift);
        startMark(`dates moved by ${shift} days`);
      }
      demoShiftDone(config.dataDir);
    }
    app = await build({ config, database });
    startMark('app built');
    const opened = database;
    if (opened) app.addHook('onClose', async () => opened.close());
  } catch (err) {
    // Start-up problems (data directory in use, database unreachable) get one clear line, not a stack trace.
    const unreachable = isConnectionError(err);
    console.error(`AquaMall could not start: ${unreachable ? 'database unreachable: ' : ''}${(err as Error).message}`);
    process.exit(unreachable ? 1 : EXIT_START_FAILED);
  }
  // A lost database connection never kills the process; other escaped errors are logged (lib/process-guard.ts).
  installProcessGuards(app.log);

  if (!config.databaseUrl && config.workersRequested && config.workersRequested > 1) {
    app.log.info(
      { workers: config.workersRequested },
      'WORKERS ignored: the embedded database runs in one process',
    );
  }
  // Several workers may start on an empty database at once: the seed lock lets exactly one seed.
  await seedOnStart(app);
  startMark('seed checked');

  drainOnSignals(app, config.drain);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'failed to start');
    await app.close().catch(() => undefined);
    process.exit(EXIT_START_FAILED);
  }
  startMark('listening');
  if (cluster.isPrimary) console.log(startBanner(config, 1));
}

/**
 * A fresh embedded database is seeded by `npm run seed` in a child process before the server opens it:
 * PGlite's WebAssembly memory never shrinks, and the seed grows it (and sharp's caches) by ~150 MB that the
 * server would otherwise keep for its whole life.
 */
async function seedInChild(): Promise<void> {
  // Compiled: seed.js beside this chunk (scripts/build.mjs); from source (tsx): the seed CLI itself.
  const compiled = !import.meta.filename.endsWith('.ts');
  const entry = compiled
    ? path.join(path.dirname(import.meta.filename), 'seed.js')
    : path.join(import.meta.dirname, 'db/seed/cli.ts');
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the demo seed failed (exit code ${code})`);
}
