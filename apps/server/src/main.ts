import { build } from './app.ts';
import { loadConfig } from './config.ts';
import { seedOnStart } from './db/seed/guard.ts';

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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting, finish in-flight requests, then close the database (onClose hooks).
  const timer = setTimeout(() => {
    app.log.error('forced exit after 10 s');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
