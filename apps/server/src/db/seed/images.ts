import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadQrCode, loadSharp } from '../../lib/lazy.ts';
import type { Storage } from '../../lib/storage.ts';
import { PALETTES, productSvg, type ArtKind } from './art.ts';
import { bannerSvg, GLYPH_COUNT, glyphSvg, logoSvg, MARK_COUNT, partnerSvg } from './art-brand.ts';

/** Which palettes each product family is drawn in; image keys are `seed/products/<kind>-<palette>.jpg`. */
export const PRODUCT_VARIANTS: Record<ArtKind, number[]> = {
  drum: [0, 1, 3],
  bag: [0, 1, 2, 4],
  powder: [2, 3, 4, 5],
  granules: [5, 1, 4],
  pump: [0, 1, 4],
  valve: [0, 4, 5],
  gatevalve: [0, 5],
  membrane: [0, 3, 1],
  pipes: [0, 3, 1],
  elbow: [3, 5],
  instrument: [0, 3],
  aerator: [0, 5],
  tank: [0, 3],
  filterpress: [0, 1],
  flask: [0, 1, 2],
  grain: [2, 4],
  bottles: [0, 1],
  skid: [0, 1],
  plant: [0, 1],
};

export const productImageKey = (kind: ArtKind, palette: number) => `seed/products/${kind}-${palette}.jpg`;

/** The family's pictures in the given palettes (all drawn palettes when none are given). */
export function familyImages(kind: ArtKind, palettes?: number[]): string[] {
  const drawn = PRODUCT_VARIANTS[kind];
  const wanted = palettes?.filter((p) => drawn.includes(p)) ?? [];
  return (wanted.length ? wanted : drawn).map((p) => productImageKey(kind, p));
}
export const BANNER_COLORS = [0, 1, 5, 2, 4];

export interface StoredFile {
  path: string;
  mime: string;
  size: number;
}

/** The keys of every seeded image, known before any is drawn. */
export interface SeedImages {
  categoryIcon: (kind: ArtKind) => string;
  /** Site home hero (web_topbanner): product on the right, room for text on the left. */
  heroBanners: string[];
  /** Mall home carousel (mall_banner): product in the middle. */
  homeBanners: string[];
  articleBanners: string[];
  noticeBanners: string[];
  shopBanners: string[];
  covers: string[];
  logos: string[];
  partners: string[];
  glyphs: string[];
  qrCode: string;
}

interface Job {
  key: string;
  make: Maker;
  mime: string;
}

/** How an image is drawn, and the text that decides its bytes (the cache key). */
interface Maker {
  (): Promise<Buffer>;
  source: string;
}

const maker = (source: string, make: () => Promise<Buffer>): Maker => Object.assign(make, { source });
const jpeg = (svg: string) =>
  maker(`jpeg:${svg}`, async () => (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: false }).toBuffer());
const png = (svg: string) =>
  maker(`png:${svg}`, async () => (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer());

/**
 * Drawn images are kept in a cache directory (apps/server/dist/seed-images, filled by the build: scripts/build.mjs
 * runs `seed --images`), named by a hash of what decides their bytes, so a fresh data directory copies them
 * instead of drawing ~90 SVGs with sharp during the first start (decision 0113). A missing or unwritable cache
 * only means drawing.
 */
export const SEED_IMAGE_CACHE =
  process.env.SEED_IMAGE_CACHE || path.resolve(import.meta.dirname, '../../../dist/seed-images');

const cachedDraw = (job: Job) => drawCached(job.make.source, path.extname(job.key), job.make);

/** An image of the demo data from the cache, or drawn by `make` and kept there (`source` decides its bytes). */
export async function drawCached(source: string, ext: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(`${(await loadSharp()).versions.vips}\n${source}`)
    .digest('hex')
    .slice(0, 24);
  const file = path.join(SEED_IMAGE_CACHE, `${hash}${ext}`);
  try {
    return await fs.promises.readFile(file);
  } catch {
    /* not drawn yet */
  }
  const buf = await make();
  try {
    await fs.promises.mkdir(SEED_IMAGE_CACHE, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await fs.promises.writeFile(tmp, buf);
    await fs.promises.rename(tmp, file);
  } catch {
    /* read-only checkout: draw next time too */
  }
  return buf;
}

/** Draws every demo image into the cache (the build's step; `npm run seed -- --images`). */
export async function drawSeedImages(): Promise<number> {
  const { list } = jobs();
  await pool(list, 4, cachedDraw);
  return list.length;
}

function jobs(): { list: Job[]; images: SeedImages } {
  const list: Job[] = [];
  const add = (key: string, make: Maker) => {
    list.push({ key, make, mime: key.endsWith('.png') ? 'image/png' : 'image/jpeg' });
    return key;
  };
  const icons = new Map<ArtKind, string>();
  for (const [kind, palettes] of Object.entries(PRODUCT_VARIANTS) as [ArtKind, number[]][]) {
    const pal = (i: number) => PALETTES[i] ?? PALETTES[0]!;
    for (const i of palettes) add(productImageKey(kind, i), jpeg(productSvg(kind, pal(i))));
    icons.set(kind, add(`seed/categories/${kind}.png`, png(productSvg(kind, pal(palettes[0] ?? 0), 96, true))));
  }
  const palette = (i: number) => PALETTES[i % PALETTES.length]!;
  // Home banners follow their titles (chemicals, membranes, monitoring, poverty relief, bulk goods).
  const bannerArt: [ArtKind, number][] = [['bag', 0], ['membrane', 0], ['instrument', 3], ['grain', 2], ['pipes', 3]];
  const homeBanners = BANNER_COLORS.map((c, i) => {
    const [kind, pi] = bannerArt[i % bannerArt.length]!;
    return add(`seed/banners/home-${i + 1}.jpg`, jpeg(bannerSvg(1920, 600, palette(c), i, { kind, palette: palette(pi) })));
  });
  const heroBanners = [0, 1, 2].map((i) => {
    const [kind, pi] = bannerArt[(i * 2) % bannerArt.length]!;
    return add(`seed/banners/hero-${i + 1}.jpg`, jpeg(bannerSvg(1920, 600, palette(BANNER_COLORS[i] ?? 0), i, { kind, palette: palette(pi), at: 0.74 })));
  });
  const articleBanners = [0, 1, 2].map((i) =>
    add(`seed/banners/article-${i + 1}.jpg`, jpeg(bannerSvg(1200, 300, palette(BANNER_COLORS[i + 2] ?? 0), i + 3))),
  );
  const noticeBanners = [0, 1, 2].map((i) => add(`seed/banners/notice-${i + 1}.jpg`, jpeg(bannerSvg(600, 300, palette(i), i + 1))));
  const shopBanners = [0, 1, 2, 3, 4, 5].map((i) => add(`seed/banners/shop-${i + 1}.jpg`, jpeg(bannerSvg(1200, 300, palette(i), i))));
  const covers = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => add(`seed/covers/cover-${i + 1}.jpg`, jpeg(bannerSvg(480, 300, palette(i + 1), i))));
  const colors = ['#1f6fd1', '#1a9a6c', '#d4572a', '#7a4bc2', '#0f8ca8', '#c7921a', '#2d4f8a', '#b33a5b'];
  const logos = Array.from({ length: 20 }, (_, i) =>
    add(`seed/logos/logo-${i + 1}.png`, png(logoSvg(i % MARK_COUNT, colors[(i * 3) % colors.length]!))),
  );
  const partners = Array.from({ length: 10 }, (_, i) =>
    add(`seed/partners/partner-${i + 1}.png`, png(partnerSvg((i + 2) % MARK_COUNT, colors[i % colors.length]!))),
  );
  const glyphs = Array.from({ length: GLYPH_COUNT }, (_, i) => add(`seed/icons/service-${i + 1}.png`, png(glyphSvg(i, '#1f6fd1'))));
  const qrCode = add(
    'seed/site/qrcode.png',
    maker('qr:https://www.aquamall.cn/wx/official-account:258:1:M', async () =>
      (await loadQrCode()).toBuffer('https://www.aquamall.cn/wx/official-account', { type: 'png', width: 258, margin: 1, errorCorrectionLevel: 'M' }),
    ),
  );
  return {
    list,
    images: {
      categoryIcon: (kind) => icons.get(kind) ?? '',
      heroBanners,
      homeBanners,
      articleBanners,
      noticeBanners,
      shopBanners,
      covers,
      logos,
      partners,
      glyphs,
      qrCode,
    },
  };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export interface SeedImagePlan {
  images: SeedImages;
  /** Draws the images and writes them through the storage; resolves with what the `files` table records. */
  write(storage: Storage): Promise<StoredFile[]>;
}

/**
 * Plans the demo images. Writing skips a key that already exists, so a reseed or a second test never redraws
 * them.
 */
export function planSeedImages(): SeedImagePlan {
  const { list, images } = jobs();
  return {
    images,
    write: (storage) =>
      pool(list, 8, async (job) => {
        const existing = await storage.get(job.key);
        if (existing) return { path: job.key, mime: job.mime, size: existing.length };
        const buf = await cachedDraw(job);
        await storage.put(job.key, buf, job.mime);
        return { path: job.key, mime: job.mime, size: buf.length };
      }),
  };
}
