import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import type { AppConfig } from '../config.ts';
import { lockDataDir } from './client.ts';

const run = promisify(execFile);

/** What a backup holds, written first into the archive as manifest.json. */
export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** 'included': DATA_DIR/files is in the archive; 's3': files live in object storage, back that up separately. */
  files: 'included' | 's3';
}

export type BackupConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 's3'>;

/** An operator-facing refusal (bad archive, non-empty target, server running): printed without a stack. */
export class BackupError extends Error {}

const PGLITE_DUMP = 'database.tar.gz';
const PG_DUMP = 'database.pgdump';

/** The embedded data directory's lock, held by a running server: refused with the lock's own explanation. */
function lockForBackup(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    throw new BackupError(`${(err as Error).message}（请先停止服务器）`);
  }
}

/** PostgreSQL client tools get the password through the environment, never on the command line (ps). */
function pgArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const { dbname, env } = pgArgs(url);
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new BackupError(`未找到 ${tool}：请安装 PostgreSQL 客户端（如 apt-get install postgresql-client），版本不低于数据库服务器`);
    throw new BackupError(`${tool} 失败：${(e.stderr ?? e.message).trim()}`);
  }
}

const filesDir = (config: BackupConfig) => path.join(config.dataDir, 'files');

async function nonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Writes one tar.gz: manifest.json, the database (PGlite's data directory dump, or pg_dump's custom format) and
 * DATA_DIR/files. The embedded database is locked while it is copied, so the server must be stopped (it holds the
 * same lock); PostgreSQL is dumped in one consistent snapshot while the server runs.
 */
export async function backup(config: BackupConfig, outFile: string): Promise<Manifest> {
  const database = config.databaseUrl ? 'postgres' : 'pglite';
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = database === 'pglite' ? lockForBackup(config.dataDir) : () => {};
  const stage = await fsp.mkdtemp(path.join(config.dataDir, '.backup-'));
  try {
    if (config.databaseUrl) {
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(stage, PG_DUMP)}`], config.databaseUrl);
    } else {
      const pgdata = path.join(config.dataDir, 'pgdata');
      if (!(await nonEmptyDir(pgdata))) throw new BackupError(`${pgdata} 中没有数据库，无需备份`);
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(pgdata);
      await db.waitReady;
      try {
        const dump = await db.dumpDataDir('gzip');
        await fsp.writeFile(path.join(stage, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database,
      files: config.s3 ? 's3' : 'included',
    };
    await fsp.writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', config.databaseUrl ? PG_DUMP : PGLITE_DUMP];
    if (!config.s3 && fs.existsSync(filesDir(config))) {
      // Archived through a link so the files are read in place, not copied first.
      await fsp.symlink(filesDir(config), path.join(stage, 'files'), 'dir');
      entries.push('files');
    }
    await fsp.mkdir(path.dirname(outFile), { recursive: true });
    await tar.create({ gzip: true, file: outFile, cwd: stage, follow: true, portable: true }, entries);
    return manifest;
  } finally {
    release();
    await fsp.rm(stage, { recursive: true, force: true });
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return (res.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function wipePostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
  } finally {
    await client.end();
  }
}

/**
 * Restores an archive written by backup() into the configured database and DATA_DIR/files. Refuses a database or
 * files directory that already holds data unless `force` (which replaces them). The server must be stopped.
 */
export async function restore(config: BackupConfig, archive: string, opts: { force?: boolean } = {}): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`备份文件不存在：${archive}`);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  fs.mkdirSync(config.dataDir, { recursive: true });
  const release = target === 'pglite' ? lockForBackup(config.dataDir) : () => {};
  const stage = await fsp.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: stage, strict: true });
    } catch (err) {
      throw new BackupError(`无法读取备份文件（不是 AquaMall 备份或已损坏）：${(err as Error).message}`);
    }
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await fsp.readFile(path.join(stage, 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new BackupError('备份文件缺少 manifest.json，不是 AquaMall 备份');
    }
    if (manifest.format !== 1) throw new BackupError(`不支持的备份格式：${String(manifest.format)}`);
    if (manifest.database !== target) {
      throw new BackupError(`该备份来自${manifest.database === 'pglite' ? '内置数据库' : ' PostgreSQL'}，当前配置的是${target === 'pglite' ? '内置数据库' : ' PostgreSQL（DATABASE_URL）'}`);
    }

    const pgdata = path.join(config.dataDir, 'pgdata');
    const hasData = config.databaseUrl ? await postgresHasTables(config.databaseUrl) : await nonEmptyDir(pgdata);
    const restoreFiles = manifest.files === 'included' && !config.s3;
    const hasFiles = restoreFiles && (await nonEmptyDir(filesDir(config)));
    if ((hasData || hasFiles) && !opts.force) {
      throw new BackupError(`目标${hasData ? '数据库' : '文件目录'}已有数据，未恢复。确认要覆盖请加 --force`);
    }

    if (config.databaseUrl) {
      if (hasData) await wipePostgres(config.databaseUrl);
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', path.join(stage, PG_DUMP)], config.databaseUrl);
    } else {
      await fsp.rm(pgdata, { recursive: true, force: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(pgdata, { loadDataDir: await fs.openAsBlob(path.join(stage, PGLITE_DUMP)) });
      await db.waitReady;
      await db.close();
    }
    if (restoreFiles) {
      await fsp.rm(filesDir(config), { recursive: true, force: true });
      const staged = path.join(stage, 'files');
      if (fs.existsSync(staged)) await fsp.rename(staged, filesDir(config));
      else await fsp.mkdir(filesDir(config), { recursive: true });
    }
    return manifest;
  } finally {
    await fsp.rm(stage, { recursive: true, force: true });
    release();
  }
}
