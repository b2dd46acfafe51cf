/**
 * Authenticated company lists against their floor (issue 28 target 3): `npm run bench:floor [-- bench options]`.
 * Starts bench/floor-server.ts (the application from source, one process, PostgreSQL benchmark database) and
 * loads, in the same run and interleaved rounds, each list of FLOOR_LISTS and its floor — a minimal handler
 * with the same session check, the same SQL as prepared statements and the rows as JSON. Target: each list
 * ≥ 50% of its floor's requests per second (judged on CPU time per request when measured, as `npm run bench`).
 */
import path from 'node:path';
import { FLOOR_LISTS, floorPath } from './floor-lists.ts';
import { benchToken, formatTable, issue28Line, measure, parseBenchArgs, shareFigure, withToken, type BenchRoute } from './lib.ts';
import { CpuMeter } from './cpu.ts';
import { SERVER_DIR, startServer } from './server.ts';

const TARGET = 0.5;

const opts = parseBenchArgs(process.argv.slice(2));
const server = await startServer({
  embedded: false,
  databaseUrl: opts.databaseUrl,
  fresh: opts.fresh,
  port: opts.port,
  logLevel: opts.logLevel,
  entry: ['--import', 'tsx', path.join(SERVER_DIR, 'bench/floor-server.ts')],
  env: { WORKERS: '1', NODE_ENV: 'production' },
});
let ok = false;
try {
  const routes: BenchRoute[] = [{ method: 'GET', path: '/api/ping', baseline: true }];
  FLOOR_LISTS.forEach((list, i) => {
    const floor = `${list.name} — floor`;
    routes.push({ ...list, path: floorPath(i), name: floor, signedIn: true });
    routes.push({ ...list, name: `${list.name} (vs its floor)`, signedIn: true, versus: floor, target: TARGET });
  });
  const signed = withToken(routes, await benchToken(server.url));
  console.log(`Floor bench: one process on PostgreSQL at ${server.url}; ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s per route in ${opts.rounds} rounds`);
  const meter = CpuMeter.open(server.pid, opts.databaseUrl);
  const results = await measure(server.url, signed, opts, meter);
  console.log(`\n${formatTable(results)}\n`);
  ok = results.every((r) => r.errors === 0);
  for (const r of results.filter((x) => x.target !== null)) {
    const { figure, met } = shareFigure(r);
    issue28Line(`${r.route.replace(' (vs its floor)', '')}: ≥ 50% of its floor`, figure, met);
  }
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
