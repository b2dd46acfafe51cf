import { describe, expect, it } from 'vitest';
import { endpointGroups, endpoints, isRawResponse } from './index.ts';

describe('endpoint descriptors', () => {
  it('names are unique across groups', () => {
    const names = Object.values(endpointGroups).flatMap((g) => Object.keys(g));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(endpoints)).toHaveLength(names.length);
  });

  it('each method and path is declared once', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    const dupes = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(dupes).toEqual([]);
  });

  it('admin access goes with /admin/api paths, and every endpoint declares its answer', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      expect(e.path.startsWith('/admin/api/'), name).toBe((e.access.kind as string) === 'admin');
      expect(isRawResponse(e.response) || typeof (e.response as { safeParse?: unknown }).safeParse === 'function', name).toBe(true);
      expect(e.summary.length, name).toBeGreaterThan(0);
    }
  });
});
