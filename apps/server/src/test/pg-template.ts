import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';

/**
 * Vitest global setup of the server tests on PostgreSQL (AQUAMALL_TEST_DB=pg): one database is created and
 * migrated once per run, and every test app's database is copied from it (`create database … template …`,
 * test/app.ts `createTestApp`) instead of running all migrations again per file, which cost about five seconds a
 * file (docs/decisions/0245-test-run-under-45-minutes.md). Each file still gets its own database, and opening it
 * still checks the migrations. The template's name is random per run, so runs sharing one server never meet; it
 * is dropped at the end. Nothing happens on the embedded database (test/pglite-snapshot.ts does that part).
 */
export default async function setup(project: TestProject) {
  if (process.env.AQUAMALL_TEST_DB !== 'pg' || !process.env.TEST_DATABASE_URL) return;
  const { createPgDatabase } = await import('./app.ts');
  const { openDatabase } = await import('../db/client.ts');
  const created = await createPgDatabase({ name: `aquamall_tpl_${crypto.randomBytes(6).toString('hex')}` });
  const database = await openDatabase({ url: created.url, poolSize: 1 });
  // No session may stay connected to a template while it is copied.
  await database.close();
  const template = new URL(created.url).pathname.slice(1);
  project.provide('pgTemplate', template);
  return async () => {
    // The test apps' databases (`<template>_<random>`, left in place by their files) and then the template:
    // dropped a few at a time, so their checkpoints are shared instead of paid one after another per file.
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where left(datname, $1) = $2',
      [template.length + 1, `${template}_`],
    );
    await admin.end();
    const names = rows.map((r) => r.datname);
    const dropOne = async (name: string) => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let name = names.pop(); name; name = names.pop()) await dropOne(name);
      }),
    );
    await created.drop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
  }
}
