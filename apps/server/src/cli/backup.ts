/**
 * `npm run backup [-- --out <file.tar.gz>]`: one archive of the configured database (DATA_DIR's embedded database,
 * or DATABASE_URL through pg_dump) and DATA_DIR/files. Stop the server first when the database is embedded.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backup, BackupError } from '../db/backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
// npm runs workspace scripts in apps/server; paths the operator types are relative to where they typed them.
const here = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = path.resolve(here, values.out ?? `aquamall-backup-${stamp}.tar.gz`);
const config = loadConfig();
try {
  const manifest = await backup(config, out);
  console.log(`备份完成：${out}（数据库：${manifest.database === 'pglite' ? '内置' : 'PostgreSQL'}）`);
  if (manifest.files === 's3') console.log('注意：文件存放在对象存储（S3_*），未包含在本备份中，请另行备份存储桶。');
} catch (err) {
  console.error(err instanceof BackupError ? `备份失败：${err.message}` : err);
  process.exitCode = 1;
}
