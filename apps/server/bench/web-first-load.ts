/**
 * Mall home first load (issue 28 target 4): `npm run bench:web [-- bench options] [--runs=3]`. Starts the
 * built server (embedded by default here: `--postgres` for the benchmark database, `--url=` for a running
 * one), opens /mall/home in headless Chromium (/usr/bin/chromium, or CHROMIUM_PATH) with an empty cache, and
 * reports the JavaScript transferred (encoded bytes: gzip or brotli as sent) with each file, and the largest
 * contentful paint. Targets: ≤ 200 KB of compressed JavaScript, LCP ≤ 1 s. WEB_DIST names the built web app.
 */
import { chromium } from 'playwright-core';
import { benchServer, issue28Line, parseBenchArgs } from './lib.ts';

const JS_TARGET_KB = 200;
const LCP_TARGET_MS = 1000;

interface FirstLoad {
  jsBytes: number;
  files: { url: string; bytes: number }[];
  lcpMs: number;
  /** What the largest contentful paint painted: tag, and the image or the start of the text. */
  lcpElement: string;
}

async function firstLoad(baseUrl: string, path: string): Promise<FirstLoad> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    // A new context is a new profile: nothing cached.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, string>();
    const files: { url: string; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const url = scripts.get(e.requestId);
      if (url) files.push({ url: url.replace(baseUrl, ''), bytes: e.encodedDataLength });
    });
    // In the page (a string: this file is type-checked for Node, not the DOM).
    await page.addInitScript({
      content: `window.__lcp = 0; window.__lcpEl = ''; new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__lcp = e.startTime; const el = e.element; window.__lcpEl = el ? el.tagName.toLowerCase() + (e.url ? ' ' + e.url.replace(location.origin, '') : ' "' + (el.textContent || '').trim().slice(0, 24) + '"') : '?'; } }).observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    const res = await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    if (!res?.ok()) throw new Error(`${path} answered HTTP ${res?.status()} (is the web app built? set WEB_DIST)`);
    // LCP is final at the first input; a click on an empty spot ends it without navigating.
    await page.mouse.click(2, 2);
    const lcpMs = Number(await page.evaluate('window.__lcp'));
    const lcpElement = String(await page.evaluate('window.__lcpEl'));
    await context.close();
    return { jsBytes: files.reduce((a, f) => a + f.bytes, 0), files: files.sort((a, b) => b.bytes - a.bytes), lcpMs, lcpElement };
  } finally {
    await browser.close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const runsArg = argv.find((a) => a.startsWith('--runs='));
  const runs = runsArg ? Math.max(1, Number(runsArg.slice(7)) || 1) : 3;
  const postgres = argv.includes('--postgres');
  const opts = parseBenchArgs(argv.filter((a) => !a.startsWith('--runs=') && a !== '--postgres'));
  if (!postgres && !opts.baseUrl) opts.embedded = true;
  const webDist = process.env.WEB_DIST;
  const server = await benchServer({ ...opts, env: webDist ? { WEB_DIST: webDist } : undefined });
  try {
    // One unmeasured visit: the server's caches (home data, goods answers) are filled as on a running site.
    await firstLoad(server.url, '/mall/home');
    const results: FirstLoad[] = [];
    for (let i = 0; i < runs; i++) results.push(await firstLoad(server.url, '/mall/home'));
    const last = results.at(-1)!;
    console.log(`Mall home first load (${server.kind} server at ${server.url}, empty browser cache, ${runs} runs):`);
    for (const f of last.files) console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(6)} KB  ${f.url}`);
    const kb = last.jsBytes / 1024;
    const lcps = results.map((r) => r.lcpMs).sort((a, b) => a - b);
    const lcp = lcps[Math.floor((lcps.length - 1) / 2)]!;
    console.log(`  JavaScript transferred: ${kb.toFixed(1)} KB in ${last.files.length} files — ${kb <= JS_TARGET_KB ? 'ok' : 'MISSED'} (target ≤ ${JS_TARGET_KB} KB)`);
    console.log(`  largest contentful paint: median ${lcp.toFixed(0)} ms (runs: ${lcps.map((v) => v.toFixed(0)).join(', ')}) — ${lcp <= LCP_TARGET_MS ? 'ok' : 'MISSED'} (target ≤ ${LCP_TARGET_MS} ms)`);
    issue28Line(`mall home JavaScript ≤ ${JS_TARGET_KB} KB gzip`, `${kb.toFixed(1)} KB in ${last.files.length} files`, kb <= JS_TARGET_KB);
    issue28Line(`mall home LCP ≤ ${LCP_TARGET_MS} ms (empty cache)`, `median ${lcp.toFixed(0)} ms`, lcp <= LCP_TARGET_MS);
    console.log(`  painted last: ${[...new Set(results.map((r) => r.lcpElement))].join('; ')}`);
  } finally {
    await server.stop();
  }
}

await main();
