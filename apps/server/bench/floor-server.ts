/**
 * The server of `npm run bench:floor` (started by bench/floor.ts; not a production entry): the whole
 * application from source, as one process on PostgreSQL, plus one floor route per list of FLOOR_LISTS.
 *
 * A floor is the least any implementation of that list must do: resolve the caller's x-token through the same
 * session cache (`resolveToken`), run the same SQL the real route ran — captured from the driver while the real
 * route answered once — as named prepared statements, and write the rows as a JSON envelope. It goes through
 * the same global hooks (security headers, compression, metrics) and answers from the same pool. So "list req/s
 * ÷ floor req/s" says how much of a list's cost is ours (validation, access checks, mapping, answer schema)
 * rather than the database's and the framework's.
 */
import pg from 'pg';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedOnStart } from '../src/db/seed/guard.ts';
import { resolveToken } from '../src/modules/auth/sessions.ts';
import { FLOOR_LISTS, floorPath } from './floor-lists.ts';
import { BENCH_ACCOUNT } from './lib.ts';

interface Statement {
  text: string;
  values: unknown[];
}

// Every statement the driver sends is noted while `capturing` (the real route's SQL, as it ran).
let capturing = false;
const captured: Statement[] = [];
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query };
const query = proto.query;
proto.query = function (this: pg.Client, ...args: unknown[]) {
  if (capturing) {
    const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    captured.push(typeof q === 'string' ? { text: q, values: v ?? [] } : { text: q.text, values: q.values ?? v ?? [] });
  }
  return query.apply(this, args);
};

const config = loadConfig();
if (!config.databaseUrl) throw new Error('the floor bench runs on PostgreSQL (DATABASE_URL)');
const app = await build({ config });
const pool = (app.db as unknown as { $client: pg.Pool }).$client;
const floors = new Map<number, Statement[]>();

FLOOR_LISTS.forEach((list, i) => {
  app.route({
    method: list.method,
    url: floorPath(i),
    // The session is resolved in the handler, as the auth hook would, through the same cache.
    config: { sessionless: true },
    handler: async (request, reply) => {
      const header = request.headers['x-token'];
      const auth = await resolveToken(app.db, Array.isArray(header) ? header[0] : header);
      if (!auth?.companyId) return reply.send({ code: 1, message: '登录已过期', data: null });
      const rows: unknown[][] = [];
      for (const [k, s] of (floors.get(i) ?? []).entries()) {
        rows.push((await pool.query({ name: `bench_floor_${i}_${k}`, text: s.text, values: s.values })).rows);
      }
      return reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ code: 0, message: '成功', data: { list: rows[0] ?? [], more: rows.slice(1) } }));
    },
  });
});

await seedOnStart(app);
await app.ready();

// The real routes' SQL, as they ran for the bench account: once to fill the caches, once captured.
const login = await app.inject({ method: 'POST', url: '/api/appuser/login', payload: BENCH_ACCOUNT });
const token = (login.json() as { data: { authToken: string } }).data.authToken;
for (const [i, list] of FLOOR_LISTS.entries()) {
  const call = () => app.inject({ method: list.method, url: list.path, headers: { 'x-token': token }, ...(list.body ? { payload: list.body } : {}) });
  await call();
  capturing = true;
  const res = await call();
  capturing = false;
  const statements = captured.splice(0);
  if ((res.json() as { code: number }).code !== 0) throw new Error(`${list.name}: ${res.body}`);
  floors.set(i, statements);
  app.log.warn({ list: list.name, statements: statements.length }, 'floor captured');
}

await app.listen({ port: config.port, host: config.host });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
