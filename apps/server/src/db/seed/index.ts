import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client.ts';
import { isEmpty } from '../client.ts';
import { files } from '../schema/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { seedCategories } from './categories.ts';
import { seedCompanies } from './companies.ts';
import { seedContent } from './content.ts';
import { planSeedImages } from './images.ts';
import { seedProducts } from './products.ts';
import { Random } from './random.ts';
import { seedTrade } from './trade.ts';

export { wipeDemoTables } from './wipe.ts';

/** Seeds the demo marketplace on first start of an empty database. */
export async function seedIfEmpty(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  log.info('empty database: seeding demo data');
  const started = Date.now();
  await seedDemo(db, storage);
  log.info({ ms: Date.now() - started }, 'demo data seeded');
  return true;
}

export interface SeedOptions {
  /** The moment the demo data is relative to (deadlines, publish dates); defaults to now. */
  now?: Date;
}

/**
 * Writes the whole demo marketplace into an empty database: images (through the storage), categories,
 * companies and users, products, content and trade. Deterministic for a given `now` (seeded PRNG).
 */
export async function seedDemo(db: Db, storage: Storage, opts: SeedOptions = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const rnd = new Random(20_260_101);
  const plan = planSeedImages();
  const images = plan.images;
  // The images are drawn (sharp's thread pool) while the rows that reference their keys are inserted.
  const written = plan.write(storage);
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const leaves = await seedCategories(t, images);
      const { suppliers, purchasers } = await seedCompanies(t, images, rnd, now);
      await seedProducts(t, leaves, suppliers, images, rnd, now);
      await seedContent(t, images, rnd, now);
      await seedTrade(t, purchasers, suppliers, leaves, rnd, now);
      await t.insert(files).values(await written).onConflictDoNothing();
    });
  } finally {
    await written.catch(() => undefined);
  }
}
