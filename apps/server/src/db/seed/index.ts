import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../client.ts';
import { isEmpty } from '../client.ts';
import { files } from '../schema/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { seedDemoApplications } from '../../modules/merchant/index.ts';
import { seedDemoCatalogue } from '../../modules/products/index.ts';
import { purchasedLines, seedDemoOrders } from '../../modules/orders/index.ts';
import { seedDemoAftersales } from '../../modules/aftersales/index.ts';
import { seedDemoTenders } from '../../modules/tenders/index.ts';
import { seedDemoCredit } from '../../modules/credit/index.ts';
import { seedDemoInvoices } from '../../modules/invoices/index.ts';
import { seedDemoEnquiries } from '../../modules/enquiries/index.ts';
import { insertPastOrders, seedDemoReportHistory } from '../../modules/reports/index.ts';
import { seedBuying } from './buying.ts';
import { registerPurchasedLines, seedDemoDiscussions } from '../../modules/products/index.ts';
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
  const seeded = await seedDemo(db, storage, { onlyIfEmpty: true });
  if (seeded) log.info({ ms: Date.now() - started }, 'demo data seeded');
  else log.info('another instance seeded the database first');
  return seeded;
}

/**
 * After a seed on PostgreSQL: analyse the tables at once. Until autovacuum gets to them the planner takes each for
 * empty and, for one, sorts all of a company's orders instead of reading them in order (decision 0086). The
 * embedded database skips it: its fresh start's first page is what counts there.
 */
export async function analyzeAfterSeed(database: Database): Promise<void> {
  if (database.kind === 'postgres') await database.db.execute(sql`analyze`);
}

export interface SeedOptions {
  /** The moment the demo data is relative to (deadlines, publish dates); defaults to now. */
  now?: Date;
  /** Seed only if the database is still empty once the seed lock is held (several instances starting). */
  onlyIfEmpty?: boolean;
}

// Any constant works; it only serialises instances that start on one empty PostgreSQL database together.
const SEED_LOCK = 7_230_416;

/**
 * Writes the whole demo marketplace into an empty database: images (through the storage), categories,
 * companies and users, products, content and trade. Deterministic for a given `now` (seeded PRNG). Resolves
 * false when `onlyIfEmpty` finds the database already seeded.
 */
export async function seedDemo(db: Db, storage: Storage, opts: SeedOptions = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const rnd = new Random(20_260_101);
  const plan = planSeedImages();
  const images = plan.images;
  // The images are drawn (sharp's thread pool) while the rows that reference their keys are inserted.
  const written = plan.write(storage);
  // Mark a failure as handled now; it is still thrown where the transaction awaits the files.
  written.catch(() => undefined);
  try {
    // AQUAMALL_SEED_TIMINGS=1 prints the time of each step (how to keep the seed fast: decision 0113).
    const timings = process.env.AQUAMALL_SEED_TIMINGS === '1' ? ([] as string[]) : null;
    const step = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await run();
      timings?.push(`${label} ${Math.round(performance.now() - started)} ms`);
      return result;
    };
    return await db.transaction(async (t) => {
      await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (opts.onlyIfEmpty && !(await isEmpty(t))) return false;
      const leaves = await step('seedCategories', () => seedCategories(t, images));
      const { suppliers, purchasers } = await step('seedCompanies', () => seedCompanies(t, images, rnd, now));
      await step('seedProducts', () => seedProducts(t, leaves, suppliers, rnd, now));
      // Every product gets its SKU, an opening ledger row and (when pending) its review revision (migration 0014).
      await step('aq_backfill_catalogue', () => t.execute(sql`select aq_backfill_catalogue()`));
      await step('seedContent', () => seedContent(t, images, rnd, now));
      await step('seedTrade', () => seedTrade(t, purchasers, suppliers, leaves, rnd, now));
      // The pending and rejected applicants get their application forms (the merchant module's demo data).
      await step('seedDemoApplications', () => seedDemoApplications(t));
      // The catalogue's demo: category parameters, low-stock warnings and adjustment documents.
      await step('seedDemoCatalogue', () => seedDemoCatalogue(t));
      // The demo purchaser's addresses, invoice titles and cart (the buying module's functions).
      await step('seedBuying', () => seedBuying(t, purchasers, suppliers));
      // Orders in every status between the demo purchaser and suppliers, through the order use cases.
      await step('seedDemoOrders', () => seedDemoOrders(t, storage, now));
      // After-sales on the demo purchaser's older completed orders (one refunded, one waiting for review).
      await step('seedDemoAftersales', () => seedDemoAftersales(t));
      // Credit accounts of the demo purchaser: a year of ledger movements, some overdue, a frozen one, a request.
      await step('seedDemoCredit', () => seedDemoCredit(t, insertPastOrders, now));
      // VAT invoices in every state on parts of the demo purchaser's completed orders, with a reversal.
      await step('seedDemoInvoices', () => seedDemoInvoices(t, storage));
      // Reviews of the demo purchaser's completed order lines, supplier replies and an open question.
      // (The reviews ask orders what was bought, as they do in the app: the seed may run without one, so it registers.)
      registerPurchasedLines(purchasedLines);
      await step('seedDemoDiscussions', () => seedDemoDiscussions(t));
      // Workbench tenders of the demo purchaser in every phase, with bids, Q&A and a 中标公告 in publicity.
      await step('seedDemoTenders', () => seedDemoTenders(t, now));
      // The demo purchaser's enquiries with offers, revisions, a sealed one and an awarded one with its orders.
      await step('seedDemoEnquiries', () => seedDemoEnquiries(t, now));
      // A year of completed purchase history of the demo purchaser, so every report draws a meaningful chart.
      await step('seedDemoReportHistory', () => seedDemoReportHistory(t, now));
      await step('files', async () => t.insert(files).values(await written).onConflictDoNothing());
      if (timings) console.error(`[seed] ${timings.join(', ')}`);
      return true;
    });
  } finally {
    // Never leave image writes running after a failed transaction.
    await written.catch(() => undefined);
  }
}
