import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { image, multipartBody, signedInCompanyAdmin, type SignedInCompanyUser } from '../../test/factories/index.ts';

let t: TestApp;
let a: SignedInCompanyUser;
let b: SignedInCompanyUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await signedInCompanyAdmin(t.database.db, { company: { name: '绿源水处理设备有限公司' } });
  b = await signedInCompanyAdmin(t.database.db, { company: { name: '蓝海环保科技有限公司', type: 4 } });
});
afterAll(async () => t.close());

type Upload = { fileRelativePath: string; fileName: string; size: number };

async function upload(
  list: { name: string; body: Buffer; field?: string }[],
  opts: { token?: string; fieldToken?: string; url?: string } = {},
) {
  const { payload, headers } = await multipartBody(list, opts.fieldToken ? { token: opts.fieldToken } : {});
  const res = await t.app.inject({
    method: 'POST',
    url: opts.url ?? '/file/upload',
    payload,
    headers: { ...headers, ...(opts.token ? { 'x-token': opts.token } : {}) },
  });
  return res.json<{ code: number; message: string; data: Upload[] | null }>();
}

const countFiles = async () => (await t.database.db.select().from(files)).length;

describe('POST /file/upload', () => {
  it('stores images under an unguessable name and records who uploaded them', async () => {
    const photo = await image(640, 480);
    const res = await upload([{ name: '产品图.jpg', body: photo }, { name: 'b.PNG', body: await image(100, 100, 'png') }], { token: a.token });
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(2);
    const [first, second] = res.data!;
    expect(first!.fileRelativePath).toMatch(/^u\/\d{4}\/\d{2}\/[\w-]{22}\.jpg$/);
    expect(second!.fileRelativePath).toMatch(/\.png$/);
    expect(first!.fileName).toBe('产品图.jpg');
    const served = await t.app.inject({ method: 'GET', url: `/f/${first!.fileRelativePath}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.length).toBe(first!.size);
    const [row] = await t.database.db.select().from(files).where(eq(files.path, first!.fileRelativePath));
    expect(row).toMatchObject({ companyId: a.companyId, userId: a.id, mime: 'image/jpeg', originalName: '产品图.jpg' });
  });

  it('accepts the token as a form field', async () => {
    const res = await upload([{ name: 'a.jpeg', body: await image(50, 50) }], { fieldToken: a.token });
    expect(res.code).toBe(0);
    expect(res.data![0]!.fileRelativePath).toMatch(/\.jpg$/);
  });

  it('requires a valid token (code 1 otherwise) and stores nothing', async () => {
    const before = await countFiles();
    const body = await image(50, 50);
    expect((await upload([{ name: 'a.jpg', body }])).code).toBe(1);
    expect((await upload([{ name: 'a.jpg', body }], { token: 'forged-token-value' })).code).toBe(1);
    expect((await upload([{ name: 'a.jpg', body }], { fieldToken: 'forged-token-value' })).code).toBe(1);
    expect(await countFiles()).toBe(before);
  });

  it('allows only jpg, jpeg and png, judged by the bytes as well as the name', async () => {
    const before = await countFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases = [
      { name: 'evil.png', body: html },
      { name: 'evil.jpg', body: html },
      { name: 'a.gif', body: gif },
      { name: 'a.txt', body: Buffer.from('hello') },
      { name: 'a.webp', body: await image(20, 20, 'webp') },
      { name: 'gif-named.png', body: gif },
      { name: 'webp-named.png', body: await image(20, 20, 'webp') },
      { name: 'noext', body: await image(20, 20) },
      { name: 'broken.jpg', body: (await image(200, 200)).subarray(0, 40) },
    ];
    for (const c of cases) {
      const res = await upload([c], { token: a.token });
      expect(res, c.name).toMatchObject({ code: 2, message: '仅允许jpg、jpeg、png格式' });
    }
    // One bad file among good ones: nothing is stored.
    const mixed = await upload([{ name: 'ok.jpg', body: await image(20, 20) }, { name: 'evil.png', body: html }], { token: a.token });
    expect(mixed.code).toBe(2);
    expect(await countFiles()).toBe(before);
  });

  it('refuses files over 10 MB and more than 5 files', async () => {
    const before = await countFiles();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    expect(await upload([{ name: 'big.jpg', body: big }], { token: a.token })).toMatchObject({ code: 2, message: '最大允许10M' });
    const small = await image(20, 20);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, body: small }));
    expect(await upload(six, { token: a.token })).toMatchObject({ code: 2, message: '最多允许5张' });
    expect(await countFiles()).toBe(before);
    expect((await upload(six.slice(0, 5), { token: a.token })).code).toBe(0);
  });

  it('strips EXIF and GPS metadata but keeps the picture upright', async () => {
    // 300×100 pixels stored sideways: EXIF orientation 6 means "rotate 90° to show".
    const photo = await sharp(await image(300, 100))
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER', Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();

    const res = await upload([{ name: 'phone.jpg', body: photo }], { token: a.token });
    expect(res.code).toBe(0);
    const stored = (await t.app.inject({ method: 'GET', url: `/f/${res.data![0]!.fileRelativePath}` })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(stored.includes('SECRET-OWNER')).toBe(false);
    expect(stored.includes('PhoneMaker')).toBe(false);
  });

  it('refuses images too large to decode safely (decompression bombs)', async () => {
    // A PNG header claiming 20000×20000 pixels: refused before any pixel is decoded.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20000, 0);
    ihdr.writeUInt32BE(20000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await upload([{ name: 'bomb.png', body: bomb }], { token: a.token })).toMatchObject({ code: 2, message: '图片尺寸过大' });
  });

  it('answers with a message when the request is not a file upload', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/file/upload', payload: {}, headers: { 'x-token': a.token } });
    expect(res.json()).toMatchObject({ code: 2 });
    const empty = await upload([], { token: a.token });
    expect(empty).toMatchObject({ code: 2, message: '请选择要上传的文件' });
  });
});

describe('POST /UploadHandler.ashx', () => {
  it('stores into the folder the app names', async () => {
    const res = await upload([{ name: 'logo.png', body: await image(64, 64, 'png') }], { token: a.token, url: '/UploadHandler.ashx?appName=Product' });
    expect(res.code).toBe(0);
    expect(res.data![0]!.fileRelativePath).toMatch(/^u\/product\/\d{4}\/\d{2}\/[\w-]{22}\.png$/);
  });

  it('refuses unknown app names', async () => {
    for (const appName of ['evil', '..', '../../etc', 'u%2F..']) {
      const res = await upload([{ name: 'a.jpg', body: await image(10, 10) }], { token: a.token, url: `/UploadHandler.ashx?appName=${appName}` });
      expect(res.code, appName).toBe(2);
    }
  });
});

describe('upload records', () => {
  it('lists only the own company’s uploads', async () => {
    const mine = await upload([{ name: 'b-only.jpg', body: await image(30, 30) }], { token: b.token });
    expect(mine.code).toBe(0);
    const listB = (await t.app.inject({ method: 'POST', url: '/api/file/list', payload: { pageIndex: 1, pageSize: 50 }, headers: { 'x-token': b.token } })).json();
    expect(listB.code).toBe(0);
    expect(listB.data.total).toBe(1);
    expect(listB.data.list[0]).toMatchObject({ fileName: 'b-only.jpg', fileRelativePath: mine.data![0]!.fileRelativePath });
    const listA = (await t.app.inject({ method: 'POST', url: '/api/file/list', payload: { pageIndex: 1, pageSize: 50 }, headers: { 'x-token': a.token } })).json();
    expect(listA.data.total).toBeGreaterThan(1);
    expect(listA.data.list.map((f: { fileName: string }) => f.fileName)).not.toContain('b-only.jpg');
    const anonymous = (await t.app.inject({ method: 'POST', url: '/api/file/list', payload: {} })).json();
    expect(anonymous.code).toBe(1);
  });
});

describe('rate limit', () => {
  it('slows down a user who uploads too often', async () => {
    const c = await signedInCompanyAdmin(t.database.db, { company: { name: '频繁上传公司' } });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await upload([], { token: c.token })).code);
    expect(codes.slice(0, 30).every((x) => x === 2)).toBe(true); // empty uploads, but counted
    expect(codes[30]).toBe(6);
    // Another user is not affected.
    expect((await upload([{ name: 'x.jpg', body: await image(10, 10) }], { token: b.token })).code).toBe(0);
  });
});
