import { chromium } from 'playwright-core';

export interface BrowserFigures {
  homeJsBytes: number;
  homeJsFiles: number;
  listColdMs: number;
  listWarmMs: number;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The mall home's JavaScript as transferred on the wire (encoded bytes from the DevTools protocol, so gzip
 * counts as gzip), and the time from navigation to the first goods card of a keyword search.
 */
export async function measureBrowser(baseUrl: string): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Set<string>();
    let homeJsBytes = 0;
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) homeJsBytes += e.encodedDataLength;
    });
    const home = await page.goto(`${baseUrl}/mall/home`, { waitUntil: 'networkidle' });
    if (!home?.ok())
      throw new Error(`mall home answered HTTP ${home?.status()} (is the web app built? set WEB_DIST)`);
    const homeJsFiles = scripts.size;

    const timeList = async (p: typeof page) => {
      const t0 = Date.now();
      await p.goto(`${baseUrl}/mall/goodsList?productName=${encodeURIComponent('碳源')}`);
      await p.waitForSelector('[data-testid="goods-card"]', { timeout: 30_000 });
      return Date.now() - t0;
    };
    const cold = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const coldPage = await cold.newPage();
    const listColdMs = await timeList(coldPage);
    const listWarmMs = await timeList(coldPage);
    await cold.close();
    return { homeJsBytes, homeJsFiles, listColdMs, listWarmMs };
  } finally {
    await browser.close();
  }
}
