import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

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
    const tmp = `${full}.${process.pid}.tmp`;
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
