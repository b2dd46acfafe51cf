#!/usr/bin/env node
// Runs every test suite and ends with one line "N passed, N failed" totalling all of them.
//  1. Vitest: shared contracts, server (embedded PGlite) and web units.
//  2. Vitest: the server suite again on PostgreSQL, when TEST_DATABASE_URL is set.
//  3. Two instances behind a round-robin proxy on one PostgreSQL database (and Redis), when TEST_DATABASE_URL is set:
//     events, caches and limits across instances, a rolling restart, Redis cut and restored (apps/server/harness/).
//  4. Playwright end-to-end specs in Debian's Chromium (installed here when missing and we are root).
// Exit code is non-zero when any test failed or any suite could not run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit`, `npm test -- instances` or `npm test -- e2e`
const want = (name) => only.length === 0 || only.includes(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const failures = []; // "suite › file › test" of every failed test, printed just above the total line

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function vitest(label, file, extraArgs, env) {
  const out = path.join(reports, file);
  const status = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extraArgs], env);
  const j = readJson(out);
  if (!j) {
    problems.push(`${label}: no report (exit ${status})`);
    totals.failed += 1;
    return;
  }
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  for (const file of j.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${label.split(':')[0]} › ${rel} › ${a.fullName ?? a.title}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    if (failed.length === 0 && file.status === 'failed') failures.push(`${label.split(':')[0]} › ${rel} › (file failed: ${String(file.message ?? '').split('\n')[0].slice(0, 200)})`);
  }
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  if (status !== 0 && (j.numFailedTests ?? 0) === 0) {
    problems.push(`${label}: exit ${status} (suite errors)`);
    totals.failed += 1;
  }
}

function collectE2eFailures(suites, titles) {
  for (const s of suites) {
    const here = s.title && !s.title.endsWith('.ts') ? [...titles, s.title] : titles;
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`e2e › ${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`);
      }
    }
    collectE2eFailures(s.suites ?? [], here);
  }
}

function ensureChromium() {
  const exe = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const fontsOk = fs.existsSync('/usr/share/fonts/opentype/noto') || fs.existsSync('/usr/share/fonts/opentype/noto-cjk');
  if (fs.existsSync(exe) && fontsOk) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium (${exe}) or fonts-noto-cjk missing: apt-get install -y chromium fonts-noto-cjk`);
    return fs.existsSync(exe);
  }
  console.log('Installing Debian chromium and fonts-noto-cjk ...');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return fs.existsSync(exe);
}

if (want('unit')) {
  vitest('unit: shared, ESLint rules, server (embedded PGlite), web', 'vitest.json', []);
  if (process.env.TEST_DATABASE_URL) {
    vitest('server on PostgreSQL', 'vitest-pg.json', ['--project', 'server'], { AQUAMALL_TEST_DB: 'pg' });
  } else {
    console.log('\n(TEST_DATABASE_URL not set: server tests ran on the embedded database only)');
  }
}

if (want('instances')) {
  if (process.env.TEST_DATABASE_URL) {
    vitest('two instances behind a proxy (PostgreSQL, Redis; rolling restart, Redis outage)', 'vitest-instances.json', ['--config', 'apps/server/harness/vitest.config.ts']);
  } else {
    console.log('\n(TEST_DATABASE_URL not set: the two-instance harness needs PostgreSQL and was skipped)');
  }
}

if (want('e2e')) {
  if (!ensureChromium()) {
    problems.push('e2e: Chromium is not available');
    totals.failed += 1;
  } else {
    const b = run('build web app', 'npm', ['run', 'build', '-w', '@aquamall/web']);
    if (b !== 0) {
      problems.push('e2e: web build failed');
      totals.failed += 1;
    } else {
      const out = path.join(reports, 'e2e.json');
      const status = run('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      });
      const j = readJson(out);
      if (!j?.stats) {
        problems.push(`e2e: no report (exit ${status})`);
        totals.failed += 1;
      } else {
        totals.passed += (j.stats.expected ?? 0) + (j.stats.flaky ?? 0);
        totals.failed += j.stats.unexpected ?? 0;
        totals.skipped += j.stats.skipped ?? 0;
        collectE2eFailures(j.suites ?? [], []);
        if (status !== 0 && !(j.stats.unexpected > 0)) {
          problems.push(`e2e: exit ${status}`);
          totals.failed += 1;
        }
      }
    }
  }
}

if (failures.length) console.log(`\nFailed tests:\n- ${failures.slice(0, 60).join('\n- ')}`);
if (problems.length) console.log(`\nProblems:\n- ${problems.join('\n- ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || problems.length ? 1 : 0);
