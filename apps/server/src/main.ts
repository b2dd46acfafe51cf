import { build } from './app.ts';
import { loadConfig } from './config.ts';
import { seedOnStart } from './db/seed/guard.ts';
import { drainOnSignals } from './lib/drain.ts';

const config = loadConfig();
let app: Awaited<ReturnType<typeof build>>;
try {
  app = await build({ config });
} catch (err) {
  // Start-up problems (data directory in use, database unreachable) get one clear line, not a stack trace.
  console.error(`AquaMall could not start: ${(err as Error).message}`);
  process.exit(1);
}

await seedOnStart(app);

drainOnSignals(app, config.drain);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
