import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AreaNode, EnumDef } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const enums = async (url: string) => (await get(url)).json<{ code: number; data: EnumDef[] }>().data;

describe('GET /api/enums', () => {
  it('answers every enum with items {id, name, description, display}', async () => {
    const all = await enums('/api/enums');
    const names = all.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['CompanyType', 'MemberLevel', 'OrderType', 'Gender', 'EnquiryStatus', 'OrderStatus']));
    expect(all.find((e) => e.name === 'CompanyType')).toMatchObject({
      isFlag: false,
      items: [
        { id: 4, name: '采购商', description: expect.any(String), display: true },
        { id: 2, name: '供应商', description: expect.any(String), display: true },
      ],
    });
    expect(all.find((e) => e.name === 'OrderType')!.items.map((i) => i.id)).toEqual([0, 4, 6, 8, 10]);
  });

  it('answers only the enums named by enumNames (comma list or repeated), also at /enums', async () => {
    expect((await enums('/api/enums?enumNames=Gender,MemberLevel')).map((e) => e.name).sort()).toEqual(['Gender', 'MemberLevel']);
    expect((await enums('/api/enums?enumNames=Gender&enumNames=CompanyType')).map((e) => e.name).sort()).toEqual(['CompanyType', 'Gender']);
    expect(await enums('/enums?enumNames=NoSuchEnum')).toEqual([]);
    expect((await enums('/enums')).length).toBeGreaterThan(5);
  });
});

describe('GET /api/areas, /areas, /cities', () => {
  it('answers the mainland province/city/district tree with official codes', async () => {
    const res = await get('/api/areas');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const tree = res.json<{ data: AreaNode[] }>().data;
    expect(tree).toHaveLength(31);
    expect(tree.map((p) => p.sysNo)).not.toContain(810000);
    const beijing = tree.find((p) => p.sysNo === 110000)!;
    expect(beijing.children![0]).toMatchObject({ sysNo: 110100, name: '北京市' });
    expect(beijing.children![0]!.children!.find((d) => d.sysNo === 110101)?.name).toBe('东城区');
    const chongqing = tree.find((p) => p.sysNo === 500000)!;
    expect(chongqing.children!.map((c) => c.sysNo)).toEqual([500100, 500200]);
    const shenzhen = tree.find((p) => p.name === '广东省')!.children!.find((c) => c.sysNo === 440300)!;
    expect(shenzhen.name).toBe('深圳市');
    expect(shenzhen.children!.find((d) => d.sysNo === 440305)?.name).toBe('南山区');
    expect(shenzhen.children![0]!.children).toBeUndefined();
    const henan = tree.find((p) => p.sysNo === 410000)!;
    expect(henan.children!.find((c) => c.sysNo === 419000)?.name).toBe('省直辖县级行政区划');
  });

  it('serves /areas as an alias and /cities as provinces with their cities', async () => {
    expect((await get('/areas')).body).toBe((await get('/api/areas')).body);
    const cities = (await get('/cities')).json<{ data: AreaNode[] }>().data;
    expect(cities).toHaveLength(31);
    const jiangsu = cities.find((p) => p.sysNo === 320000)!;
    expect(jiangsu.children!.find((c) => c.sysNo === 320200)).toEqual({ sysNo: 320200, name: '无锡市' });
  });

  it('answers 304 to a client that has the current tree', async () => {
    const first = await get('/api/areas');
    const again = await get('/api/areas', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});
