import { formatChaosReport, runDbChaos } from '../src/test/db-chaos.ts';
import { parseBenchArgs, runBench } from './lib.ts';
import { printRelevance } from './relevance-lib.ts';
import { FOUNDATION_ROUTES } from './routes.ts';
import { ensureDatabase } from './server.ts';

// `npm run bench` (root): builds, then loads the production server. Options: see parseBenchArgs, plus
// `--no-chaos` to leave out the PostgreSQL outage section.
const argv = process.argv.slice(2);
const opts = parseBenchArgs(argv.filter((a) => a !== '--no-chaos'));
const { ok } = await runBench(FOUNDATION_ROUTES, opts);
// The goods search's relevance set over a fresh demo seed: precision@20 and recall@20 (docs/decisions/0176).
await printRelevance();

// The database going away under load (docs/decisions/0163-database-hiccups.md): requests failed, seconds until
// the first success after the database is back (target ≤ 1 s), worker exits (target 0). PostgreSQL only.
let chaosOk = true;
if (!opts.embedded && !opts.baseUrl && !argv.includes('--no-chaos')) {
  const url = new URL(opts.databaseUrl);
  url.pathname = '/aquamall_bench_chaos';
  await ensureDatabase(url.toString(), true);
  const outageMs = 3_000;
  const report = await runDbChaos({ databaseUrl: url.toString(), outageMs });
  console.log(`${formatChaosReport(report, outageMs)}\n`);
  chaosOk = report.workerExits === 0 && report.lostOrders.length === 0 && report.failedOutside.length === 0;
}
process.exit(ok && chaosOk ? 0 : 1);
