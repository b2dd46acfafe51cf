import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '@aquamall/shared/endpoints';
import { droppedKeys } from '../../lib/answer-serializer.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * The cached public answers go out pre-serialised, past the answer serializer: this checks them against their
 * descriptors' response schemas as strictly as the serializer checks every other answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const cases: [EndpointName, string][] = [
  ['siteData', '/api/index'],
  ['siteFooter', '/api/footer'],
  ['siteNavigation', '/api/navigationmenu/home_top_menu'],
  ['siteNavigation', '/api/navigationmenu/web_top_menu'],
  ['siteStatistics', '/api/pagestatisticalinfo'],
  ['siteIndexBanners', '/api/indexbanner'],
  ['siteArticleBanners', '/api/articlebanner'],
  ['sitePartners', '/api/page/web_cooperationcompany'],
  ['categoryTree', '/api/product/category'],
  ['enumList', '/api/enums'],
  ['enumList', '/api/enums?enumNames=BidType,CompanyType'],
  ['enumListAlias', '/enums'],
  ['areaTree', '/api/areas'],
  ['areaTreeAlias', '/areas'],
  ['cityTree', '/cities'],
];

describe('cached public answers match their response schemas', () => {
  it.each(cases)('%s: %s', async (name, url) => {
    const e = endpoints[name];
    const res = await t.app.inject({ method: e.method, url });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; data: unknown }>();
    expect(body.code).toBe(0);
    const schema = e.response as z.ZodType;
    const parsed = schema.safeParse(body.data);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(droppedKeys(body.data, parsed.data)).toEqual([]);
    // Something real is checked: the seeded data is not empty.
    expect(JSON.stringify(body.data).length).toBeGreaterThan(20);
  });
});
