import type { AppConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed/companies-data.ts';

/** Where to point a browser: a wildcard listen address is reachable on this machine as 127.0.0.1. */
export function publicUrl(config: AppConfig): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** PostgreSQL as host:port/database, never the password or user. */
export function describeDatabase(config: AppConfig): string {
  if (!config.databaseUrl) return `embedded PGlite in ${config.dataDir}/pgdata`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL ${u.hostname || 'local socket'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** The one-screen start banner (README "Set-up"): URL, mode, database, files, workers, demo accounts. */
export function startBanner(config: AppConfig, workers: number): string {
  const lines = [
    '',
    `  AquaMall 水务商城  ${publicUrl(config)}`,
    '',
    `  mode      ${config.demo ? 'demo (sandboxed SMS/e-mail/WeChat/partners, dev outbox at /dev/outbox)' : 'deployment'}`,
    `  database  ${describeDatabase(config)}`,
    `  files     ${config.s3 ? `S3 bucket ${config.s3.bucket} at ${config.s3.endpoint}` : `${config.dataDir}/files`}`,
    `  workers   ${workers}${config.databaseUrl ? '' : ' (embedded database: one process)'}`,
  ];
  if (config.demo) {
    lines.push(
      '',
      `  demo accounts (password ${DEMO_PASSWORD}):`,
      '    18800000002  supplier, member level 1      18800000003  supplier, member level 3',
      '    18800000004  purchaser                      admin        platform console at /admin',
    );
  }
  lines.push('', '  Ctrl-C stops the server.', '');
  return lines.join('\n');
}
