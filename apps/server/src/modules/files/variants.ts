import { loadSharp } from '../../lib/lazy.ts';
import { IMAGE_WIDTHS } from '@aquamall/shared';
import type { Storage } from '../../lib/storage.ts';
import { RESIZABLE, sniff } from './content-type.ts';
import { imageSlots } from './image-slots.ts';

/** The widths of docs/product/files.md#file-host (`/f/w120/<path>`, `/f/w1080/<path>`); any other width is not served. */
export const VARIANT_WIDTHS: readonly number[] = IMAGE_WIDTHS;
/** Resized variants are stored beside the originals under this prefix: `cache/w120/<key>`. */
export const CACHE_PREFIX = 'cache';
/** Refuse to decode images larger than this many pixels (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const variantKey = (width: number, key: string) => `${CACHE_PREFIX}/w${width}/${key}`;

/** Resizes one image to fit inside `width`, never enlarging, keeping its format; orientation is applied. */
export async function resizeImage(body: Buffer, mime: string, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
  const resized = image.resize({ width, fit: 'inside', withoutEnlargement: true });
  if (mime === 'image/png') return resized.png({ compressionLevel: 9, effort: 7 }).toBuffer();
  if (mime === 'image/webp') return resized.webp({ quality: 82 }).toBuffer();
  return resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/**
 * Produces resized variants on demand and caches them in the storage, so a variant is computed once.
 * Concurrent first requests for the same variant share one computation (in-flight de-duplication).
 */
export class ImageVariants {
  private readonly inflight = new Map<string, Promise<Buffer | null>>();
  /** How many images were actually resized (tests and metrics). */
  resizes = 0;

  constructor(private readonly storage: Storage) {}

  /** The variant's bytes, or null when the original does not exist. */
  get(key: string, width: number): Promise<Buffer | null> {
    const cacheKey = variantKey(width, key);
    const running = this.inflight.get(cacheKey);
    if (running) return running;
    const work = this.produce(key, width, cacheKey).finally(() => this.inflight.delete(cacheKey));
    this.inflight.set(cacheKey, work);
    return work;
  }

  private async produce(key: string, width: number, cacheKey: string): Promise<Buffer | null> {
    const cached = await this.storage.get(cacheKey);
    if (cached) return cached;
    const original = await this.storage.get(key);
    if (!original) return null;
    const type = await sniff(original);
    // Not a resizable image (GIF, a document, ...): the variant is the original, served by its real type.
    if (!RESIZABLE.has(type.mime)) return original;
    let out: Buffer;
    try {
      const meta = await (await loadSharp())(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      const shownWidth = (meta.autoOrient?.width ?? meta.width) || 0;
      if (shownWidth > 0 && shownWidth <= width && !meta.orientation) {
        out = original; // already small enough: never enlarge, never re-encode for nothing
      } else {
        out = await imageSlots.run(() => resizeImage(original, type.mime, width));
        this.resizes++;
      }
    } catch {
      out = original; // undecodable: served as stored (by its real type, so never as HTML)
    }
    await this.storage.put(cacheKey, out, type.mime);
    return out;
  }
}
