import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from '../../db/client.ts';

export type CheckName = 'database' | 'migrations' | 'storage';
export type CheckResult = 'ok' | string;

const CHECK_TIMEOUT_MS = 2000;

/** Runs one check with a time bound: a hung database must make readiness fail, not hang the probe. */
async function bounded(run: () => Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** The migration timestamps the code ships (drizzle's journal), read once. */
let journal: number[] | null = null;
function journalWhens(): number[] {
  if (!journal) {
    const raw = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    journal = raw.entries.map((e) => e.when);
  }
  return journal;
}

async function migrationsApplied(app: FastifyInstance): Promise<CheckResult> {
  const res = await app.db.execute<{ created_at: string | number }>(
    sql`select created_at from drizzle.__drizzle_migrations`,
  );
  const applied = new Set((res as unknown as { rows: { created_at: string | number }[] }).rows.map((r) => Number(r.created_at)));
  const expected = journalWhens();
  const pending = expected.filter((w) => !applied.has(w)).length;
  return pending === 0 ? 'ok' : `pending ${pending} of ${expected.length}`;
}

async function storageWorks(app: FastifyInstance): Promise<CheckResult> {
  // One key per probe: concurrent probes (several load balancers) must not read each other's write.
  const key = `health/ready-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  const probe = Buffer.from(String(Date.now()));
  await app.storage.put(key, probe, 'text/plain');
  const back = await app.storage.get(key);
  await app.storage.delete(key);
  return back && back.equals(probe) ? 'ok' : 'read back differs';
}

/** Readiness: database reachable, every shipped migration applied, storage writable and readable. */
export async function readiness(app: FastifyInstance): Promise<Record<CheckName, CheckResult>> {
  const [database, migrations, storage] = await Promise.all([
    bounded(async () => (await app.db.execute(sql`select 1`), 'ok')),
    bounded(() => migrationsApplied(app)),
    bounded(() => storageWorks(app)),
  ]);
  return { database, migrations, storage };
}
