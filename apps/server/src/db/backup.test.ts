import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../lib/storage.ts';
import { createPgDatabase, testDbKind } from '../test/app.ts';
import { backup, restore, type BackupConfig } from './backup.ts';
import { openDatabase } from './client.ts';
import { companies } from './schema/index.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-backup-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const PICTURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);

/** A database with one company and a stored file, closed again (as a stopped server leaves it). */
async function fill(config: BackupConfig): Promise<void> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await database.db.insert(companies).values({ name: '备份测试水务公司', type: 2 });
  await database.close();
  await new LocalStorage(path.join(config.dataDir, 'files')).put('uploads/2026/pic.png', PICTURE);
}

async function companyNames(config: BackupConfig): Promise<string[]> {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    const rows = await database.db.select({ name: companies.name }).from(companies).where(eq(companies.type, 2));
    return rows.map((r) => r.name);
  } finally {
    await database.close();
  }
}

describe(`backup and restore (${testDbKind})`, () => {
  it('round-trips the database and the files, and refuses to overwrite data without --force', async () => {
    let config: BackupConfig;
    if (testDbKind === 'pg') {
      const created = await createPgDatabase();
      drops.push(created.drop);
      config = { dataDir: path.join(work, 'data'), databaseUrl: created.url, s3: undefined };
    } else {
      config = { dataDir: path.join(work, 'data'), databaseUrl: undefined, s3: undefined };
    }
    await fill(config);
    const archive = path.join(work, 'out', 'aquamall.tar.gz');
    const manifest = await backup(config, archive);
    expect(manifest).toMatchObject({ format: 1, database: testDbKind === 'pg' ? 'postgres' : 'pglite', files: 'included' });
    expect(fs.statSync(archive).size).toBeGreaterThan(100);

    // The data is still there: restoring over it needs --force.
    await expect(restore(config, archive)).rejects.toThrow(/已有数据.*--force/);

    // Wipe everything, then restore.
    if (config.databaseUrl) {
      const { default: pg } = await import('pg');
      const c = new pg.Client({ connectionString: config.databaseUrl });
      await c.connect();
      await c.query('drop schema drizzle cascade; drop schema public cascade; create schema public;');
      await c.end();
    }
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    await restore(config, archive);
    expect(await companyNames(config)).toEqual(['备份测试水务公司']);
    expect(fs.readFileSync(path.join(config.dataDir, 'files/uploads/2026/pic.png'))).toEqual(PICTURE);

    // --force replaces what is there with the backup: a company added later is gone again.
    const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
    await database.db.insert(companies).values({ name: '备份之后的公司', type: 2 });
    await database.close();
    fs.writeFileSync(path.join(config.dataDir, 'files/later.txt'), 'later');
    await restore(config, archive, { force: true });
    expect(await companyNames(config)).toEqual(['备份测试水务公司']);
    expect(fs.existsSync(path.join(config.dataDir, 'files/later.txt'))).toBe(false);
  }, 180_000);

  it('refuses an archive that is not an AquaMall backup', async () => {
    const junk = path.join(work, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    const config = { dataDir: path.join(work, 'other'), databaseUrl: undefined, s3: undefined };
    await expect(restore(config, junk)).rejects.toThrow(/不是 AquaMall 备份/);
    await expect(restore(config, path.join(work, 'missing.tar.gz'))).rejects.toThrow(/备份文件不存在/);
  });
});
