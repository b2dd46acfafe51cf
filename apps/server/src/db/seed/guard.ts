import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { seedIfEmpty } from './index.ts';

/**
 * Why the demo seed must not run on this configuration, or null when it may (DESIGN §5): its accounts have
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
 * At start: seeds an empty database in demo mode (unless SEED_DEMO=0); a deployment is never seeded. On
 * PostgreSQL the seeded tables are analysed at once: until autovacuum gets to them the planner takes each for
 * empty and, for one, sorts all of a company's orders instead of reading them in order (decision 0086). The
 * embedded database skips it (a fresh start's first page counts; its plans do not depend on it as much).
 */
export async function seedOnStart(app: FastifyInstance): Promise<boolean> {
  if (!app.config.seedDemo || seedRefusal(app.config)) return false;
  const seeded = await seedIfEmpty(app.db, app.storage, app.log);
  if (seeded && app.database.kind === 'postgres') await app.db.execute(sql`analyze`);
  return seeded;
}
