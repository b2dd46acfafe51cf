import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { image } from './test/fixtures.ts';

let t: TestApp;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  jpeg = await image(1600, 900);
  await t.app.storage.put('seed/products/pac.jpg', jpeg, 'image/jpeg');
  await t.app.storage.put('seed/products/pam.png', await image(1600, 900, 'png'), 'image/png');
  await t.app.storage.put('seed/products/small.webp', await image(300, 200, 'webp'), 'image/webp');
  await t.app.storage.put('seed/products/tiny.jpg', await image(80, 60), 'image/jpeg');
  await t.app.storage.put('seed/variant-race.jpg', await image(1300, 700), 'image/jpeg');
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

/** GET with the path sent exactly as written (no normalisation, no re-encoding). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('file host /f/', () => {
  it('serves a stored image inline with safe, cacheable headers', async () => {
    const res = await get('/f/seed/products/pac.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers 304 when the browser already has the file', async () => {
    const first = await get('/f/seed/products/pac.jpg');
    const again = await get('/f/seed/products/pac.jpg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const other = await get('/f/seed/products/pac.jpg', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/f/seed/products/pac.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Number(res.headers['content-length'])).toBe(jpeg.length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers 404 for a missing file, so the page shows its default image', async () => {
    const res = await get('/f/seed/products/none.jpg');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/f/w120/seed/products/none.jpg')).statusCode).toBe(404);
  });
});

describe('resized variants', () => {
  it('fits w120 and w1080 inside the width, keeping the format', async () => {
    for (const [url, width, format, mime] of [
      ['/f/w120/seed/products/pac.jpg', 120, 'jpeg', 'image/jpeg'],
      ['/f/w1080/seed/products/pac.jpg', 1080, 'jpeg', 'image/jpeg'],
      ['/f/w120/seed/products/pam.png', 120, 'png', 'image/png'],
      ['/f/w120/seed/products/small.webp', 120, 'webp', 'image/webp'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(width);
      const ratio = url.includes('webp') ? 200 / 300 : 900 / 1600;
      expect(Math.abs(meta.height - width * ratio), url).toBeLessThanOrEqual(1);
    }
  });

  it('never enlarges a small image', async () => {
    const res = await get('/f/w1080/seed/products/small.webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);
    const tiny = await get('/f/w120/seed/products/tiny.jpg');
    expect((await sharp(tiny.rawPayload).metadata()).width).toBe(80);
  });

  it('resizes once and serves the cached variant afterwards', async () => {
    const put = vi.spyOn(t.app.storage, 'put');
    const first = await get('/f/w120/seed/products/tiny.jpg');
    const second = await get('/f/w1080/seed/products/pac.jpg');
    const third = await get('/f/w1080/seed/products/pac.jpg');
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(third.rawPayload)).toBe(true);
    expect(put).not.toHaveBeenCalled(); // both were produced by the previous tests
    expect(fs.existsSync(path.join(t.filesDir, 'cache/w1080/seed/products/pac.jpg'))).toBe(true);
  });

  it('resizes once when many first requests for a variant arrive together', async () => {
    const put = vi.spyOn(t.app.storage, 'put');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/f/w120/seed/variant-race.jpg')));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![0]).toBe('cache/w120/seed/variant-race.jpg');
  });

  it('serves only the spec widths', async () => {
    for (const url of ['/f/w300/seed/products/pac.jpg', '/f/w0/seed/products/pac.jpg', '/f/w12000/seed/products/pac.jpg']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/f/w120/cache/w120/seed/products/pac.jpg')).statusCode).toBe(404);
  });
});

describe('safety', () => {
  // Over a real socket: app.inject would normalise `..` in the URL before routing, a raw HTTP request does not.
  it('never serves a file outside the storage root', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const secret = path.join(path.dirname(t.filesDir), `secret-${process.pid}.txt`);
    fs.writeFileSync(secret, 'TOP-SECRET');
    const name = path.basename(secret);
    try {
      const attempts = [
        `/f/../${name}`,
        `/f/%2e%2e/${name}`,
        `/f/%2E%2E%2F${name}`,
        `/f/seed/..%2f..%2f${name}`,
        `/f/.%2e/${name}`,
        `/f/..%5c${name}`,
        `/f/seed\\..\\..\\${name}`,
        `/f/seed/products/pac.jpg%00.html`,
        `/f//etc/passwd`,
        `/f/%2fetc%2fpasswd`,
        `/f/w120/../${name}`,
        `/f/w120/%2e%2e/${name}`,
        `/f/`,
      ];
      for (const url of attempts) {
        const res = await rawGet(base, url);
        expect(res.status, url).toBe(404);
        expect(res.body, url).not.toContain('TOP-SECRET');
      }
    } finally {
      fs.rmSync(secret, { force: true });
    }
  });

  it('never serves stored HTML, SVG or scripts as a page: only as a download', async () => {
    await t.app.storage.put('u/2026/01/evil.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    await t.app.storage.put('u/2026/01/evil.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    await t.app.storage.put('u/2026/01/evil.js', Buffer.from('alert(1)'), 'text/javascript');
    for (const url of ['/f/u/2026/01/evil.png', '/f/u/2026/01/evil.svg', '/f/u/2026/01/evil.js', '/f/w120/u/2026/01/evil.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/octet-stream');
      expect(res.headers['content-disposition'], url).toMatch(/^attachment; filename="evil\.(png|svg|js)"$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });
});
