/**
 * `npm run restore -- <file.tar.gz> [--force]`: restores a backup into the configured database and DATA_DIR/files.
 * Refuses a database or files directory that holds data unless --force. Stop the server first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BackupError, restore } from '../db/backup.ts';

const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('用法：npm run restore -- <备份文件.tar.gz> [--force]');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
const config = loadConfig();
try {
  const manifest = await restore(config, file, { force: values.force });
  console.log(`恢复完成：${file}（备份时间 ${manifest.createdAt}）`);
  if (manifest.files === 's3') console.log('注意：该备份不含文件（对象存储），请另行恢复存储桶。');
} catch (err) {
  console.error(err instanceof BackupError ? `恢复失败：${err.message}` : err);
  process.exitCode = 1;
}
