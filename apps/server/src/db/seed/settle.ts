import { sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { withEvents } from '../../lib/event-bus.ts';
import { runUntilIdle } from '../../modules/jobs/index.ts';
import type { Database } from '../client.ts';

export interface Settled {
  /** Timed rules run. */
  jobs: number;
  /** The embedded cluster's WAL after a final checkpoint (`dropRecycledWal` once closed); null on PostgreSQL. */
  wal: { segment: string; offset: number; segmentBytes: number } | null;
}

/**
 * Settles a freshly seeded demo database the way the server's first start would, so that a data directory
 * copied from it starts like a restart (the build's demo template, scripts/build.mjs `demo`; decision 0247):
 * the application is built on it and made ready (its ready hooks: the workbench menus and role presets, the
 * description pass and its mark, unfinished imports), then the timed rules due now run until none is due (the
 * seed's domain events dispatched into inbox notices and their sandbox sends). Nothing listens; the database
 * stays open for the caller, checkpointed last so that its WAL can be trimmed once it is closed.
 */
export async function settleDemo(config: AppConfig, database: Database): Promise<Settled> {
  const { build } = await import('../../app.ts');
  // The jobs are run here, not by a poller of the app's.
  const app = await build({ config: { ...config, jobsRunner: false }, database, logger: false });
  let jobs: number;
  try {
    await app.ready();
    jobs = await withEvents(app.bus, () => runUntilIdle(app.db));
  } finally {
    await app.close();
  }
  if (database.kind !== 'pglite') return { jobs, wal: null };
  await database.db.execute(sql`checkpoint`);
  const res = await database.db.execute(
    sql`select w.file_name as segment, w.file_offset as "offset",
          pg_size_bytes(current_setting('wal_segment_size'))::int as "segmentBytes"
        from pg_walfile_name_offset(pg_current_wal_lsn()) w`,
  );
  const [wal] = (res as unknown as { rows: { segment: string; offset: number; segmentBytes: number }[] }).rows;
  return { jobs, wal: wal ?? null };
}
