import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config.ts';

/**
 * Where stored files live. Keys are relative paths such as `seed/products/pac-1.jpg` and are served by the
 * file host under `/f/<key>`. Local disk by default (DATA_DIR/files); S3-compatible storage when configured.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Rejects keys that could escape the storage root (.., absolute paths, backslashes, NUL). */
export function safeKey(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0 || key.length > 300) return null;
  if (key.includes('\0') || key.includes('\\') || key.startsWith('/')) return null;
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  if (!/^[A-Za-z0-9._\-/]+$/.test(key)) return null;
  return key;
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private resolve(key: string): string {
    const k = safeKey(key);
    if (!k) throw new Error(`invalid storage key: ${key}`);
    const full = path.resolve(this.root, k);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    // Unique per write: two concurrent writes of one key must not share a temp file.
    const tmp = `${full}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    await fsp.writeFile(tmp, body);
    await fsp.rename(tmp, full);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.resolve(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.resolve(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prefix inside the bucket (no leading or trailing slash); empty for the bucket root. */
  prefix?: string;
}

interface S3ErrorShape {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const isMissing = (err: unknown) => {
  const e = err as S3ErrorShape;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph RGW, OSS/COS in S3 mode) with path-style addressing
 * (`<endpoint>/<bucket>/<key>`), so self-hosted stores work without wildcard DNS. The SDK is loaded on first
 * use, keeping start-up fast when local storage is configured.
 */
export class S3Storage implements Storage {
  private client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | null = null;

  constructor(private readonly opts: S3Options) {}

  private async sdk() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        endpoint: this.opts.endpoint,
        region: this.opts.region,
        forcePathStyle: true,
        credentials: { accessKeyId: this.opts.accessKeyId, secretAccessKey: this.opts.secretAccessKey },
        // Many S3-compatible stores reject the SDK's default CRC32 checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }));
    return this.client;
  }

  private objectKey(key: string): string {
    const k = safeKey(key);
    if (!k) throw new Error(`invalid storage key: ${key}`);
    return this.opts.prefix ? `${this.opts.prefix}/${k}` : k;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    const { s3, sdk } = await this.sdk();
    await s3.send(new sdk.PutObjectCommand({ Bucket: this.opts.bucket, Key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = this.objectKey(key);
    const { s3, sdk } = await this.sdk();
    try {
      const res = await s3.send(new sdk.GetObjectCommand({ Bucket: this.opts.bucket, Key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const { s3, sdk } = await this.sdk();
    try {
      await s3.send(new sdk.HeadObjectCommand({ Bucket: this.opts.bucket, Key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    const { s3, sdk } = await this.sdk();
    await s3.send(new sdk.DeleteObjectCommand({ Bucket: this.opts.bucket, Key }));
  }
}

/** S3-compatible storage when S3_ENDPOINT and S3_BUCKET are set, else local files under DATA_DIR/files. */
export function createStorage(config: Pick<AppConfig, 's3' | 'dataDir'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
