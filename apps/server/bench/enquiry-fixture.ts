import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { insertEnquiry, insertOffer, makePurchaser, makeSupplier } from '../src/test/factories/index.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './server.ts';

/** A positive whole number from `--name N` on the command line. */
export const intArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive whole number`);
  return n;
};

export interface EnquiryFixture {
  database: Database;
  url: string;
  enquiryId: number;
  buyerToken: string;
  /** Drops the database (unless BENCH_KEEP is set). */
  drop(): Promise<void>;
}

/**
 * A fresh database under BENCH_DATABASE_URL's server with a purchaser, `offers` approved suppliers (made by
 * the test factories) and one enquiry of `lines` lines with one offer per supplier in two versions (so the
 * current-version join has history to skip). Shared by bench:enquiry-offers and bench:enquiry-render.
 */
export async function enquiryFixture(offers: number, lines: number): Promise<EnquiryFixture> {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const name = `aquamall_bench_enquiry_${crypto.randomBytes(4).toString('hex')}`;
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  const drop = async () => {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const db = database.db;
    const started = Date.now();
    const buyer = await makePurchaser(db, '基准采购商');
    const rows = Array.from({ length: lines }, (_, i) => ({ productName: `药剂${i + 1}`, quantity: 10 + i, unit: '吨', spec: `规格${i + 1}` }));
    const e = await insertEnquiry(db, buyer.companyId, { lines: rows, title: '基准询价' });
    const quantities = Object.fromEntries(e.itemIds.map((id, i) => [id, rows[i]!.quantity]));
    for (let s = 0; s < offers; s++) {
      const supplier = await makeSupplier(db, `基准供应商${s + 1}`);
      const prices = (k: number) => Object.fromEntries(e.itemIds.map((id, i) => [id, 1000 + ((s * 37 + i * 11) % 500) - k]));
      await insertOffer(db, { id: e.id, companyId: buyer.companyId, quantities }, { id: supplier.id, name: `基准供应商${s + 1}` }, [
        { prices: prices(0), freight: 100 },
        { prices: prices(20), freight: 50 },
      ]);
    }
    await db.execute(sql`analyze`);
    console.log(`filled ${offers} offers × ${lines} lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { database, url: url.toString(), enquiryId: e.id, buyerToken: buyer.token, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}
