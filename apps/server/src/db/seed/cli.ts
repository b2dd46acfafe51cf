/**
 * `npm run seed [-- --force]`: seeds the configured database (DATA_DIR or DATABASE_URL) with the demo
 * marketplace. Without --force an already-seeded database is left alone; with it the demo tables are emptied
 * first (`--images`: only draw the demo images into their cache, as the build does; `--settle`: after seeding, do
 * what the server's first start would before it is idle, as the build's demo template does: settle.ts). Outside
 * demo mode (DATABASE_URL, or a non-loopback HOST) it refuses unless DEMO=1.
 */
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createStorage } from '../../lib/storage.ts';
import { isEmpty, openDatabase } from '../client.ts';
import { ensureAccessDefaults } from '../../modules/access/index.ts';
import { analyzeAfterSeed, seedDemo, wipeDemoTables } from './index.ts';
import { seedRefusal } from './guard.ts';
import { drawSeedImages, SEED_IMAGE_CACHE } from './images.ts';
import type { Settled } from './settle.ts';
import { dropRecycledWal } from './template.ts';

if (process.argv.includes('--images')) {
  // The build's step: draw the demo images into their cache, so a fresh start copies them (decision 0113).
  const started = Date.now();
  const n = await drawSeedImages();
  console.log(`[build] seed images: ${n} in ${SEED_IMAGE_CACHE} (${Date.now() - started} ms)`);
  process.exit(0);
}

const force = process.argv.includes('--force');
const config = loadConfig();
const where = `${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`}, files in ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `${config.dataDir}/files`}`;
console.log(`AquaMall seed → ${where}`);
const refusal = seedRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

let database;
try {
  database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: config.dataDir, pgTemplate: config.pgTemplate },
  );
} catch (err) {
  console.error(`Cannot open the database: ${(err as Error).message}`);
  process.exit(1);
}

let settled: Settled | undefined;
try {
  const empty = await isEmpty(database.db);
  if (!empty && !force) {
    console.log(
      'The database already has data; nothing to do. Run `npm run seed -- --force` to wipe the demo tables and reseed.',
    );
  } else {
    if (!empty) {
      console.log('--force: emptying the demo tables …');
      await wipeDemoTables(database.db);
    }
    const started = Date.now();
    await seedDemo(database.db, createStorage(config));
    // The wipe's cascade empties the roles table too; put the workbench menus and role presets back.
    await ensureAccessDefaults(database.db);
    await analyzeAfterSeed(database);
    if (process.argv.includes('--settle')) {
      const { settleDemo } = await import('./settle.ts');
      settled = await settleDemo(config, database);
      console.log(`Settled as after a first start: ${settled.jobs} timed rules run.`);
    }
    console.log(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log(
      'Demo logins (password Demo@2026): 18800000002 / 18800000003 (suppliers), 18800000004 (purchaser), admin (platform).',
    );
  }
} catch (err) {
  console.error('Seeding failed:', err);
  process.exitCode = 1;
} finally {
  await database.close();
}
// The settled template's cluster, closed: the WAL segments recycled ahead of use are not copied into every
// fresh data directory (template.ts).
if (settled?.wal && !config.databaseUrl) {
  const dropped = dropRecycledWal(path.join(config.dataDir, 'pgdata'), settled.wal);
  if (dropped.length) console.log(`WAL segments recycled ahead of use removed: ${dropped.join(', ')}`);
}
