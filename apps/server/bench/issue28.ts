/**
 * `npm run bench:issue28 [-- --port=3207 --skip=search-1m,start --duration=10 --rounds=2]`: every speed target
 * of issue 28 in one run, in sequence, then one compact table (target, figure, met?) — for a quiet machine
 * (decision 0213). The root script builds first (the built server, web app and demo template are measured).
 *
 *   detail-pg, detail-pglite  goods detail API and server-rendered page ≥ 50% of the cached goods list (one worker)
 *   floor                     authenticated company lists ≥ 50% of their floor (bench/floor.ts, PostgreSQL)
 *   start                     first start ≤ 5 s, restart ≤ 3 s, idle memory ≤ 400 MB (scripts/measure-start.mjs)
 *   web                       mall home ≤ 200 KB gzip JavaScript, LCP ≤ 1 s (bench/web-first-load.ts)
 *   search-1m                 1–4 character search at 1,000,000 products p99 ≤ 50 ms, relevance (bench/search-1m.ts;
 *                             fills its database once, which takes minutes)
 *
 * Each bench prints `#issue28 {json}` lines (lib.ts `issue28Line`); a bench that fails to run shows as a row
 * "did not run" — never as met.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseBenchArgs, runBench, shareFigure, type BenchRoute } from './lib.ts';
import { FOUNDATION_ROUTES } from './routes.ts';
import { SERVER_DIR } from './server.ts';

interface Row {
  target: string;
  figure: string;
  met: boolean | null;
}

const argv = process.argv.slice(2);
const take = (flag: string) => {
  const a = argv.find((x) => x.startsWith(`${flag}=`));
  return a ? a.slice(flag.length + 1) : undefined;
};
const skip = new Set((take('--skip') ?? '').split(',').filter(Boolean));
const basePort = Number(take('--port') ?? 3207);
// Options passed on to the load benches.
const loadArgs = argv.filter((a) => /^--(duration|rounds|warmup|connections)=/.test(a));
const rows: Row[] = [];

/** Runs a command, its output shown as it comes, and collects its `#issue28` lines. */
function run(label: string, cmd: string, args: readonly string[], cwd = SERVER_DIR): Promise<void> {
  console.log(`\n=== ${label}: ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const before = rows.length;
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let rest = '';
    child.stdout.on('data', (d: Buffer) => {
      process.stdout.write(d);
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('#issue28 ')) rows.push(JSON.parse(line.slice(9)) as Row);
    });
    child.on('exit', (code) => {
      if (rows.length === before) rows.push({ target: label, figure: `did not run (exit code ${code})`, met: null });
      resolve();
    });
  });
}

const tsx = (script: string, ...args: string[]) => [process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'bench', script), ...args]] as const;

/** Goods detail against the cached goods list, one worker, in the same run (routes.ts, decision 0179). */
async function detail(embedded: boolean, port: number): Promise<void> {
  const kind = embedded ? 'PGlite' : 'PostgreSQL';
  console.log(`\n=== goods detail vs the cached goods list (${kind}, one worker)`);
  const routes: BenchRoute[] = FOUNDATION_ROUTES.filter(
    (r) => r.baseline || r.path === '/api/product/query' || r.versus?.includes('cached goods list'),
  );
  try {
    const { results } = await runBench(routes, {
      ...parseBenchArgs(loadArgs),
      embedded,
      port,
      workers: 1,
    });
    for (const r of results.filter((x) => x.target !== null)) {
      const { figure, met } = shareFigure(r);
      rows.push({ target: `${r.route.split(' (')[0]} (${kind}): ≥ 50% of the cached list`, figure, met });
    }
  } catch (err) {
    rows.push({ target: `goods detail (${kind})`, figure: `did not run: ${(err as Error).message}`, met: null });
  }
}

const started = Date.now();
console.log(`issue 28 benches on ${os.availableParallelism()} CPU(s), load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
if (!skip.has('detail-pg')) await detail(false, basePort);
if (!skip.has('detail-pglite')) await detail(true, basePort + 1);
if (!skip.has('floor')) await run('authenticated lists vs their floor', ...tsx('floor.ts', `--port=${basePort + 2}`, ...loadArgs));
if (!skip.has('start'))
  await run('first start, restart, idle memory', process.execPath, [path.join(SERVER_DIR, '../../scripts/measure-start.mjs'), '--port', String(basePort + 3)]);
if (!skip.has('web')) await run('mall home first load', ...tsx('web-first-load.ts', `--embedded`, `--port=${basePort + 4}`));
if (!skip.has('search-1m')) await run('search at 1,000,000 products', ...tsx('search-1m.ts', `--port=${basePort + 5}`, ...loadArgs));

const w = Math.max(...rows.map((r) => r.target.length), 10);
const f = Math.max(...rows.map((r) => r.figure.length), 6);
console.log(`\nIssue 28 targets (${new Date().toISOString()}, ${((Date.now() - started) / 60_000).toFixed(1)} min, load average now ${os.loadavg()[0]!.toFixed(1)}):`);
console.log(`${'target'.padEnd(w)}  ${'figure'.padEnd(f)}  met?`);
for (const r of rows) console.log(`${r.target.padEnd(w)}  ${r.figure.padEnd(f)}  ${r.met === null ? '?' : r.met ? 'yes' : 'NO'}`);
process.exit(0);
