import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { analyzeAfterSeed, seedIfEmpty } from './index.ts';

/**
 * Why the demo seed must not run on this configuration, or null when it may (docs/product/deployment.md#demo-mode): its accounts have
 * published passwords, so only a demo (loopback + embedded, or DEMO=1) carries them.
 */
export function seedRefusal(config: AppConfig): string | null {
  if (config.demo) return null;
  return (
    'Refusing to seed: this is a deployment (non-loopback HOST or DATABASE_URL), and the demo accounts have ' +
    'published passwords. Set DEMO=1 to seed a demo on purpose.'
  );
}

/**
 * At start: seeds an empty database in demo mode (unless SEED_DEMO=0) and analyses it on PostgreSQL; a deployment
 * is never seeded.
 */
export async function seedOnStart(app: FastifyInstance): Promise<boolean> {
  if (!app.config.seedDemo || seedRefusal(app.config)) return false;
  const seeded = await seedIfEmpty(app.db, app.storage, app.log);
  if (seeded) await analyzeAfterSeed(app.database);
  return seeded;
}
