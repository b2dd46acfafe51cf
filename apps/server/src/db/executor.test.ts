/**
 * One executor type, one transaction runner, one unique-violation check (docs/decisions/0190-schema-by-owner.md):
 * the source holds no cast of a transaction to the database type and no second copy of the helpers, and the
 * helpers do what they say on the database the tests run on (PGlite, or PostgreSQL with AQUAMALL_TEST_DB=pg).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, testDbKind } from '../test/app.ts';
import { openDatabase, type Database } from './client.ts';
import { inTransaction, type Executor } from './executor.ts';
import { isUniqueViolation, PgError, pgErrorCode } from './pg-errors.ts';
import { idempotencyKeys } from './schema/index.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const here = path.relative(serverRoot, import.meta.filename);

/** Every TypeScript file of the server (source, tests, bench, harness) as [path from apps/server, text]. */
function serverFiles(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name))
        out.push([path.relative(serverRoot, full), fs.readFileSync(full, 'utf8')]);
    }
  };
  for (const dir of ['src', 'bench', 'harness'])
    if (fs.existsSync(path.join(serverRoot, dir))) walk(path.join(serverRoot, dir));
  return out;
}

/** Lines of the server's files (this test excepted) matching `pattern`, as `path:line: text`. */
function linesMatching(pattern: RegExp, except: string[] = []): string[] {
  const hits: string[] = [];
  for (const [file, text] of serverFiles()) {
    if (file === here || except.includes(file)) continue;
    text.split('\n').forEach((line, i) => {
      if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

describe('one executor type', () => {
  it('no file casts a transaction (or anything) to the database type: a transaction is an Executor', () => {
    expect(linesMatching(/as\s+unknown\s+as\s+(Db|Executor|Transaction)\b/)).toEqual([]);
  });

  it('no module keeps its own transaction runner or unique-violation check', () => {
    expect(
      linesMatching(
        /(const\s+(inTransaction|inTx)\s*=\s*(async\s*)?[<(])|function\s+(inTransaction|inTx)\b/,
        ['src/db/executor.ts'],
      ),
    ).toEqual([]);
    expect(
      linesMatching(/const\s+isUniqueViolation\b|function\s+isUniqueViolation\b/, ['src/db/pg-errors.ts']),
    ).toEqual([]);
    // The SQLSTATE of a unique violation is named once; a refusal by message text (/unique|duplicate/) is not a check.
    expect(linesMatching(/['"]23505['"]|\/unique\|duplicate\//, ['src/db/pg-errors.ts'])).toEqual([]);
  });
});

describe('inTransaction and isUniqueViolation on the database', () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const key = (k: string) => ({ userId: 1, scope: 'executor-test', key: k, requestHash: 'h', response: {} });
  const keys = (db: Executor) =>
    db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, 'executor-test'));

  beforeAll(async () => {
    if (testDbKind === 'pg') {
      const created = await createPgDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url, poolSize: 2 });
    } else {
      database = await openDatabase({});
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('commits the work together, rolls all of it back on an error, and nests as a savepoint', async () => {
    const db = database.db;
    await inTransaction(db, async (tx) => {
      await tx.insert(idempotencyKeys).values(key('a'));
      await tx.insert(idempotencyKeys).values(key('b'));
    });
    await expect(
      inTransaction(db, async (tx) => {
        await tx.insert(idempotencyKeys).values(key('c'));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    await inTransaction(db, async (tx) => {
      await tx.insert(idempotencyKeys).values(key('d'));
      // A function taking an Executor runs inside the caller's transaction; its own inTransaction is a savepoint.
      await inTransaction(tx, async (inner) => {
        await inner.insert(idempotencyKeys).values(key('e'));
        throw new Error('inner');
      }).catch(() => undefined);
      expect((await keys(tx)).map((r) => r.key).sort()).toEqual(['a', 'b', 'd']);
    });
    expect((await keys(db)).map((r) => r.key).sort()).toEqual(['a', 'b', 'd']);
  });

  it('recognises a unique violation through the wrapped driver error, and only that', async () => {
    const db = database.db;
    const err = await db
      .insert(idempotencyKeys)
      .values(key('a'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
    expect(pgErrorCode(err)).toBe(PgError.UNIQUE_VIOLATION);
    const notNull = await db
      .insert(idempotencyKeys)
      .values({ ...key('z'), requestHash: null as unknown as string })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorCode(notNull)).toBe('23502');
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false);
  });
});
