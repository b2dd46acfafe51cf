#!/usr/bin/env node
// Build-once for `npm start` (docs/decisions/0080-build-once-start.md): the web app (Vite → apps/web/dist) and
// the server (esbuild → apps/server/dist/main.js) are rebuilt only when a hash of their sources differs from the
// stamp written by the last successful build. `node scripts/build.mjs [web|server] [--force]`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
const r = (...p) => path.join(root, ...p);

export const serverDist = r('apps/server/dist');
/** The compiled server: an entry and the chunks it loads on demand. */
const serverOut = path.join(serverDist, 'server');
export const serverMain = path.join(serverOut, 'main.js');
const webDist = r('apps/web/dist');

/** Inputs whose content decides whether a build is stale (directories are walked, tests skipped). */
const inputs = {
  web: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json',
    'packages/shared/src', 'package-lock.json'],
  // An empty initialised cluster with the committed migrations applied.
  pgdata: ['node_modules/@electric-sql/pglite/package.json', 'apps/server/drizzle'],
  server: ['apps/server/src', 'apps/server/package.json', 'packages/shared/src', 'package-lock.json',
    'scripts/build.mjs'],
};
// The seeded demo data directory: what the seed, the migrations and the embedded cluster make.
inputs.demo = [...inputs.server, ...inputs.pgdata];

function listFiles(p, out) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return;
  }
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) {
      if (name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name)) continue;
      listFiles(path.join(p, name), out);
    }
  } else out.push(p);
}

/** A hash of the inputs of one target (paths and contents). */
export function sourceHash(target) {
  const files = [];
  for (const p of inputs[target]) listFiles(r(p), files);
  const h = crypto.createHash('sha256');
  for (const f of files) {
    h.update(path.relative(root, f));
    h.update('\0');
    h.update(fs.readFileSync(f));
  }
  return h.digest('hex');
}

/**
 * A hash of the inputs' paths, sizes and modification times: what `npm start` checks first, so an unchanged
 * checkout is found fresh without reading every source file (~1 s of the first page, decision 0221). When it
 * differs (a checkout, an edit), the content hash decides, and a match records the new fingerprint.
 */
function statFingerprint(target) {
  const files = [];
  for (const p of inputs[target]) listFiles(r(p), files);
  const h = crypto.createHash('sha256');
  for (const f of files) {
    const st = fs.statSync(f);
    h.update(`${path.relative(root, f)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return h.digest('hex');
}

export const pgTemplate = path.join(serverDist, 'pgdata-template');
const stampPath = (target) =>
  target === 'web' ? path.join(webDist, '.build-stamp') : path.join(serverDist, `.build-stamp-${target}`);

const readOr = (file, fallback) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** True when the target's output exists and was built from the current sources. */
export function isFresh(target, hash) {
  const stamp = readOr(stampPath(target), null);
  if (stamp === null) return false;
  if (hash !== undefined) return stamp === hash;
  const fingerprint = statFingerprint(target);
  if (readOr(`${stampPath(target)}.stat`, '') === `${stamp}\n${fingerprint}`) return true;
  if (stamp !== sourceHash(target)) return false;
  fs.writeFileSync(`${stampPath(target)}.stat`, `${stamp}\n${fingerprint}`);
  return true;
}

function buildWeb() {
  // Vite runs in its own process so its memory is returned before the server starts.
  const vite = r('node_modules/vite/bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: r('apps/web'), stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed');
}

/**
 * initdb of an embedded cluster and the migrations take seconds and most of a gigabyte; they are done once
 * here (in a child process, so the memory is returned) and every fresh DATA_DIR starts from a copy
 * (db/client.ts), which then finds every migration applied.
 */
function buildPgTemplate() {
  const tmp = `${pgTemplate}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(serverDist, { recursive: true });
  const code = `import { PGlite } from '@electric-sql/pglite';
    import { drizzle } from 'drizzle-orm/pglite';
    import { migrate } from 'drizzle-orm/pglite/migrator';
    const db = new PGlite(${JSON.stringify(tmp)});
    await migrate(drizzle({ client: db }), { migrationsFolder: 'drizzle' });
    await db.close();`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: r('apps/server'), stdio: 'inherit' });
  if (res.status !== 0) throw new Error('embedded database template failed');
  fs.rmSync(pgTemplate, { recursive: true, force: true });
  fs.renameSync(tmp, pgTemplate);
}

export const demoTemplate = path.join(serverDist, 'demo-template');

/**
 * The demo marketplace seeded once here (the compiled seed, in a child process) into a data directory that a
 * fresh DATA_DIR copies instead of seeding (apps/server/src/db/seed/template.ts, docs/decisions/0193).
 * `seeded-at` records the seed's moment: a copy on a later China day has its dates moved to today (0213).
 */
function buildDemoTemplate() {
  const tmp = `${demoTemplate}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: tmp, HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  // Always the embedded database and local files, whatever the shell that runs the build points at.
  for (const k of ['DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'DEMO']) delete env[k];
  const seededAt = new Date().toISOString();
  // Settled after the seed: the first start's own work (ready hooks, the timed rules due now) is done here, so a
  // copy starts like a restart (decision 0247).
  const res = spawnSync(process.execPath, [path.join(serverOut, 'seed.js'), '--settle'], {
    cwd: r('apps/server'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw new Error('demo data template failed');
  }
  fs.rmSync(path.join(tmp, 'server.lock'), { force: true });
  fs.writeFileSync(path.join(tmp, 'seeded-at'), seededAt);
  // The compiled server it was seeded by (its build stamp): a server built since (a changed seed) leaves the
  // template unused.
  fs.writeFileSync(path.join(tmp, 'server-build'), fs.readFileSync(stampPath('server'), 'utf8'));
  fs.rmSync(demoTemplate, { recursive: true, force: true });
  fs.renameSync(tmp, demoTemplate);
}

/**
 * The sources use `import.meta.dirname` to find files next to them (migrations, word lists, the data
 * directory). In one bundle every module shares the bundle's directory, so each use is rewritten to the
 * source file's own directory, relative to the bundle: the output keeps working wherever the checkout lives.
 */
const dirnamePlugin = {
  name: 'source-dirname',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return { contents: text, loader: 'ts' };
      const rel = path.relative(serverOut, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.dirname', `__sourceDir(${JSON.stringify(rel)})`),
        loader: 'ts',
      };
    });
  },
};

async function buildServer() {
  const esbuild = await import('esbuild');
  fs.mkdirSync(serverDist, { recursive: true });
  // Built next to the output (same depth, so the source-directory paths hold) and then swapped in whole, so
  // nobody runs a half-written build.
  const tmp = path.join(serverDist, `.server-${process.pid}`);
  const old = path.join(serverDist, `.server-old-${process.pid}`);
  try {
    await esbuild.build({
      // The seed runs as its own process on a fresh embedded database (serve.ts), so its memory is returned.
      entryPoints: [
        { in: r('apps/server/src/main.ts'), out: 'main' },
        { in: r('apps/server/src/db/seed/cli.ts'), out: 'seed' },
        // Uploaded workbooks are parsed in a worker thread with a heap limit (lib/sheets.ts).
        { in: r('apps/server/src/lib/sheet-worker.ts'), out: 'sheet-worker' },
      ],
      outdir: tmp,
      bundle: true,
      // Each dynamic import becomes a chunk loaded when needed: the cluster primary never loads the app.
      splitting: true,
      chunkNames: 'chunk-[hash]',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // npm packages stay in node_modules (native modules, wasm, json data); only our sources are bundled.
      packages: 'external',
      plugins: [
        {
          // The shared package is TypeScript source: bundled, not left to Node.
          name: 'shared-source',
          setup(b) {
            // Resolved through the package's own exports map: an exact entry first, then the `./*` pattern.
            const { exports } = JSON.parse(fs.readFileSync(r('packages/shared/package.json'), 'utf8'));
            b.onResolve({ filter: /^@aquamall\/shared(\/|$)/ }, (args) => {
              const key = `.${args.path.slice('@aquamall/shared'.length)}`;
              const target = exports[key] ?? exports['./*'].replace('*', key.slice(2));
              return { path: r('packages/shared', target) };
            });
          },
        },
        dirnamePlugin,
      ],
      banner: {
        js: [
          "import { join as __joinPath } from 'node:path';",
          'const __sourceDir = (rel) => __joinPath(import.meta.dirname, rel);',
        ].join('\n'),
      },
      logLevel: 'warning',
    });
    if (fs.existsSync(serverOut)) fs.renameSync(serverOut, old);
    fs.renameSync(tmp, serverOut);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
    esbuild.stop?.();
  }
}

/** One build at a time (two starts, or tests in parallel): a lock directory, taken over when stale. */
async function withBuildLock(fn) {
  fs.mkdirSync(serverDist, { recursive: true });
  const lock = path.join(serverDist, '.build-lock');
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 5 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (waited > 10 * 60_000) throw new Error(`build lock ${lock} held for too long`);
      else await new Promise((res) => setTimeout(res, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The demo images are drawn once here into apps/server/dist/seed-images (a child process, so sharp's memory is
 * returned), and a fresh data directory's seed copies them instead of drawing them (decision 0113). A failure
 * only costs start time: the seed draws what is missing.
 */
function drawSeedImages(log) {
  const res = spawnSync(process.execPath, [path.join(serverOut, 'seed.js'), '--images'], {
    cwd: r('apps/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (res.status === 0) log(res.stdout.trim());
  else log('[build] seed images: not drawn (the first start draws them)');
}

/** Builds the stale targets; returns the names of those it built. */
export async function ensureBuilt(targets = ['web', 'server', 'pgdata', 'demo'], { force = false, log = console.log } = {}) {
  const stale = targets.filter((t) => force || !isFresh(t));
  if (stale.length === 0) return [];
  return withBuildLock(() => buildTargets(stale, force, log));
}

async function buildTargets(targets, force, log) {
  const built = [];
  for (const target of targets) {
    const fingerprint = statFingerprint(target);
    const hash = sourceHash(target);
    // Another process may have built it while this one waited for the lock.
    if (!force && isFresh(target, hash)) continue;
    const t0 = Date.now();
    log(`[build] ${target}: sources changed, building…`);
    if (target === 'web') buildWeb();
    else if (target === 'pgdata') buildPgTemplate();
    else if (target === 'demo') buildDemoTemplate();
    else {
      await buildServer();
      drawSeedImages(log);
    }
    fs.writeFileSync(stampPath(target), hash);
    fs.writeFileSync(`${stampPath(target)}.stat`, `${hash}\n${fingerprint}`);
    log(`[build] ${target}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    built.push(target);
  }
  return built;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const targets = args.filter((a) => a in inputs);
  await ensureBuilt(targets.length ? targets : undefined, { force: args.includes('--force') });
}
