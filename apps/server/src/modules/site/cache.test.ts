import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { JsonCache, JsonEntry, pickEncoding } from './cache.ts';

describe('JsonCache', () => {
  it('serialises the success envelope once and reuses it within the TTL', async () => {
    const cache = new JsonCache(60_000);
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(JSON.parse(a.json)).toEqual({ code: 0, message: '', data: { n: 1 } });
    expect(await cache.get('k', build)).toBe(a);
  });

  it('rebuilds after the TTL and after clear()', async () => {
    let builds = 0;
    const expired = new JsonCache(0);
    await expired.get('k', async () => ++builds);
    await expired.get('k', async () => ++builds);
    expect(builds).toBe(2);
    const cache = new JsonCache(60_000);
    await cache.get('k', async () => ++builds);
    cache.clear();
    expect(JSON.parse((await cache.get('k', async () => ++builds)).json).data).toBe(4);
  });

  it('does not keep a build that was running when the cache was cleared', async () => {
    const cache = new JsonCache(60_000);
    let release: (v: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('old');
    expect(JSON.parse((await slow).json).data).toBe('old');
    expect(JSON.parse((await cache.get('k', async () => 'new')).json).data).toBe('new');
  });

  it('forgets a failed build so the next call retries', async () => {
    const cache = new JsonCache(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(JSON.parse((await cache.get('k', async () => 'ok')).json).data).toBe('ok');
  });

  it('gives equal data equal ETags and a gzip body', () => {
    const a = new JsonEntry({ x: 1 });
    expect(new JsonEntry({ x: 1 }).etag).toBe(a.etag);
    expect(new JsonEntry({ x: 2 }).etag).not.toBe(a.etag);
    expect(a.gzip()[0]).toBe(0x1f);
  });

  it('compresses each variant once, and both decompress to the JSON', () => {
    const e = new JsonEntry({ list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `分类${i}` })) });
    expect(e.brotli()).toBe(e.brotli());
    expect(e.gzip()).toBe(e.gzip());
    expect(zlib.brotliDecompressSync(e.brotli()).toString()).toBe(e.json);
    expect(zlib.gunzipSync(e.gzip()).toString()).toBe(e.json);
    expect(e.brotli().length).toBeLessThan(e.gzip().length);
  });

  it('picks brotli, then gzip, and respects q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    // Answers are remembered per header value; many distinct values neither grow it without end nor mix them up.
    for (let i = 0; i < 300; i++) expect(pickEncoding(`gzip;q=${i % 2}, x-${i}`)).toBe(i % 2 ? 'gzip' : null);
    expect(pickEncoding('gzip;q=0')).toBeNull();
  });
});
