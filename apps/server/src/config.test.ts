import { describe, expect, it } from 'vitest';
import { describeMode, loadConfig, parseFrameHosts, parsePublicUrl, parseTrustProxy } from './config.ts';

describe('demo mode (docs/product/deployment.md#demo-mode)', () => {
  it('is on only for loopback + embedded, unless DEMO says otherwise', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).demo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('states the mode for the start log', () => {
    expect(describeMode(loadConfig({}))).toMatch(/^demo mode/);
    expect(describeMode(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/^deployment mode/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, a hop count, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses true and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/not an address/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/not an address/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow();
  });
});

describe('FRAME_HOSTS', () => {
  it('normalises hosts to origins and refuses paths', () => {
    expect(parseFrameHosts('bi.example.com, http://intra.example.com:8080 ,bi.example.com')).toEqual([
      'https://bi.example.com',
      'http://intra.example.com:8080',
    ]);
    expect(parseFrameHosts(undefined)).toEqual([]);
    expect(() => parseFrameHosts('https://bi.example.com/report')).toThrow(/without a path/);
    expect(() => parseFrameHosts('javascript:alert(1)')).toThrow();
  });
});

describe('PUBLIC_URL', () => {
  it('is an origin without a trailing slash; unset, this server’s own address', () => {
    expect(parsePublicUrl('https://www.example.cn/', '0.0.0.0', 3000)).toBe('https://www.example.cn');
    expect(parsePublicUrl(' http://mall.example.cn:8080 ', '127.0.0.1', 3000)).toBe('http://mall.example.cn:8080');
    expect(parsePublicUrl(undefined, '0.0.0.0', 3100)).toBe('http://127.0.0.1:3100');
    expect(parsePublicUrl('', '::1', 3000)).toBe('http://[::1]:3000');
    expect(loadConfig({ PUBLIC_URL: 'https://b2b.example.cn' })).toMatchObject({ publicUrl: 'https://b2b.example.cn', publicUrlSet: true });
    expect(loadConfig({})).toMatchObject({ publicUrl: 'http://127.0.0.1:3000', publicUrlSet: false });
  });

  it('refuses paths, queries and other schemes', () => {
    expect(() => parsePublicUrl('https://www.example.cn/mall', 'h', 1)).toThrow(/without a path/);
    expect(() => parsePublicUrl('https://www.example.cn/?a=1', 'h', 1)).toThrow(/without a path/);
    expect(() => parsePublicUrl('ftp://www.example.cn', 'h', 1)).toThrow(/without a path/);
    expect(() => parsePublicUrl('www.example.cn', 'h', 1)).toThrow(/not a URL/);
    expect(() => loadConfig({ SITEMAP_URLS_PER_FILE: '50001' })).toThrow(/SITEMAP_URLS_PER_FILE/);
  });
});

describe('TENDER_MIN_BID_DAYS / TENDER_MIN_CHANGE_DAYS (decision 0160)', () => {
  it('default to 20 and 15 days; a deployment may lengthen them, only demo mode may shorten them', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).tenderWindows).toEqual({ minBidDays: 20, minChangeDays: 15 });
    expect(loadConfig({ HOST: '0.0.0.0', TENDER_MIN_BID_DAYS: '30', TENDER_MIN_CHANGE_DAYS: '15' }).tenderWindows).toEqual({ minBidDays: 30, minChangeDays: 15 });
    expect(() => loadConfig({ HOST: '0.0.0.0', TENDER_MIN_BID_DAYS: '1' })).toThrow(/only in demo mode/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', TENDER_MIN_CHANGE_DAYS: '0' })).toThrow(/only in demo mode/);
    expect(loadConfig({ DEMO: '1', HOST: '0.0.0.0', TENDER_MIN_BID_DAYS: '0.001', TENDER_MIN_CHANGE_DAYS: '0' }).tenderWindows).toEqual({ minBidDays: 0.001, minChangeDays: 0 });
    expect(() => loadConfig({ TENDER_MIN_BID_DAYS: '-1' })).toThrow(/TENDER_MIN_BID_DAYS/);
  });
});
