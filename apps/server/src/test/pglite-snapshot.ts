import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup of the server tests on the embedded database: one in-memory PGlite cluster is created and
 * migrated once per run and dumped to a file; every test app then loads that dump (test/app.ts
 * `createTestApp`) instead of running initdb and all migrations again per file (docs/operations.md "Tests").
 * The dump is made from the migrations of this checkout at the start of the run, so it is never stale. Nothing
 * happens on PostgreSQL (AQUAMALL_TEST_DB=pg): each file gets its own database there.
 */
export default async function setup(project: TestProject) {
  if (process.env.AQUAMALL_TEST_DB === 'pg' || process.env.AQUAMALL_PGLITE_SNAPSHOT === '0') return;
  const { openDatabase } = await import('../db/client.ts');
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `aquamall-pglite-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot?: string;
  }
}
