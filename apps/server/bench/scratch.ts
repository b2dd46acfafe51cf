import crypto from 'node:crypto';
import pg from 'pg';
import { DEFAULT_BENCH_DATABASE_URL } from './server.ts';

/** `--name N` or `--name=N` from the command line: a positive whole number, else `fallback`. */
export function intArg(name: string, fallback: number): number {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  const i = process.argv.indexOf(`--${name}`);
  const raw = a ? a.split('=')[1] : i >= 0 ? process.argv[i + 1] : undefined;
  const n = Number(raw ?? fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive whole number`);
  return n;
}

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * A new database `<prefix>_<random>` on BENCH_DATABASE_URL's server (default the local one), with `drop`
 * (which keeps it, saying so, when BENCH_KEEP is set).
 */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
