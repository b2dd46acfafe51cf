/**
 * `npm run admin:create -- --name <name> --phone <phone> --password <password>`: creates a platform
 * administrator in the configured database (DATA_DIR or DATABASE_URL). Password: 8–20 characters with letters
 * and digits, not a common password.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPlatformAdmin } from '../modules/admin/index.ts';

const { values } = parseArgs({
  options: { name: { type: 'string' }, phone: { type: 'string' }, password: { type: 'string' }, 'real-name': { type: 'string' } },
});
if (!values.name || !values.phone || !values.password) {
  console.error('Usage: npm run admin:create -- --name <name> --phone <phone> --password <password> [--real-name <name>]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const r = await createPlatformAdmin(database.db, { name: values.name, phone: values.phone, password: values.password, realName: values['real-name'] });
  if (!r.ok) {
    console.error(`Not created: ${r.problem}`);
    process.exitCode = 1;
  } else {
    console.log(`Platform administrator "${values.name}" created (user ${r.userId}). Sign in at /sso/login, then open /admin.`);
  }
} finally {
  await database.close();
}
