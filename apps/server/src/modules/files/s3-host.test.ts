import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startFakeS3, type FakeS3 } from './test/fake-s3.ts';
import { image, multipartBody, signedInCompanyAdmin } from '../../test/factories/index.ts';

const creds = { bucket: 'aquamall-files', region: 'us-east-1', accessKeyId: 'AKIDHOST', secretAccessKey: 'host-secret' };
let t: TestApp;
let s3: FakeS3;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  s3 = await startFakeS3(creds);
  // The application as configured in production with S3_* set: createStorage picks S3Storage.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.filesDir,
    LOG_LEVEL: 'silent',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: creds.bucket,
    S3_REGION: creds.region,
    S3_ACCESS_KEY_ID: creds.accessKeyId,
    S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
  });
  app = await build({ config, database: t.database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await s3.close();
  await t.close();
});

it('uploads to and serves from S3-compatible storage, variants included', async () => {
  const user = await signedInCompanyAdmin(t.database.db, { company: { name: '对象存储测试公司' } });
  const { payload, headers } = await multipartBody([{ name: 'pump.jpg', body: await image(800, 400) }]);
  const res = await app.inject({ method: 'POST', url: '/file/upload', payload, headers: { ...headers, 'x-token': user.token } });
  const json = res.json<{ code: number; data: { fileRelativePath: string }[] }>();
  expect(json.code).toBe(0);
  const key = json.data[0]!.fileRelativePath;
  expect(s3.objects.get(key)?.contentType).toBe('image/jpeg');

  const original = await app.inject({ method: 'GET', url: `/f/${key}` });
  expect(original.statusCode).toBe(200);
  expect(original.rawPayload.equals(s3.objects.get(key)!.body)).toBe(true);

  const thumb = await app.inject({ method: 'GET', url: `/f/w120/${key}` });
  expect(thumb.statusCode).toBe(200);
  expect((await sharp(thumb.rawPayload).metadata()).width).toBe(120);
  expect(s3.objects.has(`cache/w120/${key}`)).toBe(true);

  expect((await app.inject({ method: 'GET', url: '/f/u/2026/01/missing.jpg' })).statusCode).toBe(404);
});
