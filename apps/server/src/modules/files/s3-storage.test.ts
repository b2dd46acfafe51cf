import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, LocalStorage, S3Storage } from '../../lib/storage.ts';
import { startFakeS3, type FakeS3 } from './test/fake-s3.ts';

const creds = { bucket: 'aquamall', region: 'cn-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test-key' };

describe('S3Storage (against an in-process fake S3 that checks SigV4 signatures)', () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3(creds);
  });
  afterAll(async () => s3.close());

  it('puts, reads, checks and deletes objects with path-style addressing', async () => {
    const storage = new S3Storage({ ...creds, endpoint: s3.endpoint });
    const body = Buffer.from('hello 水处理');
    await storage.put('u/2026/11/abc.png', body, 'image/png');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: '/aquamall/u/2026/11/abc.png' });
    expect(s3.objects.get('u/2026/11/abc.png')?.contentType).toBe('image/png');

    expect((await storage.get('u/2026/11/abc.png'))?.toString()).toBe('hello 水处理');
    expect(await storage.exists('u/2026/11/abc.png')).toBe(true);
    expect(await storage.get('u/2026/11/missing.png')).toBeNull();
    expect(await storage.exists('u/2026/11/missing.png')).toBe(false);

    await storage.delete('u/2026/11/abc.png');
    expect(s3.objects.has('u/2026/11/abc.png')).toBe(false);
    expect(await storage.get('u/2026/11/abc.png')).toBeNull();
  });

  it('keeps objects under a prefix when one is given', async () => {
    const storage = new S3Storage({ ...creds, endpoint: s3.endpoint, prefix: 'files' });
    await storage.put('seed/a.jpg', Buffer.from('x'), 'image/jpeg');
    expect(s3.objects.has('files/seed/a.jpg')).toBe(true);
    expect((await storage.get('seed/a.jpg'))?.toString()).toBe('x');
  });

  it('fails loudly with wrong credentials instead of pretending the file is missing', async () => {
    const storage = new S3Storage({ ...creds, endpoint: s3.endpoint, secretAccessKey: 'wrong' });
    await expect(storage.put('a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    await expect(storage.get('a.jpg')).rejects.toThrow();
  });

  it('refuses keys that could escape the bucket prefix', async () => {
    const storage = new S3Storage({ ...creds, endpoint: s3.endpoint });
    const before = s3.requests.length;
    await expect(storage.put('../other/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('/abs.jpg')).rejects.toThrow(/invalid storage key/);
    expect(s3.requests.length).toBe(before);
  });
});

describe('createStorage', () => {
  it('uses S3 when configured and local files otherwise', () => {
    const dataDir = path.join(os.tmpdir(), `aquamall-cs-${process.pid}`);
    expect(createStorage({ dataDir, s3: undefined })).toBeInstanceOf(LocalStorage);
    expect(createStorage({ dataDir, s3: { ...creds, endpoint: 'http://127.0.0.1:1' } })).toBeInstanceOf(S3Storage);
  });
});
