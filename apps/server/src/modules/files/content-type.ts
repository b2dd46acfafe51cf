import { loadFileType } from '../../lib/lazy.ts';

/** Image types the file host shows inline; anything else is offered as a download only. */
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/bmp']);
/** Image types the resizer handles (the spec's w120/w1080 variants), keeping the format. */
export const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface Sniffed {
  /** The real type, detected from the bytes (never from the name or a stored header). */
  mime: string;
  /** Extension matching the real type ('jpg', 'png', ...), or '' when unknown. */
  ext: string;
  /** True for raster images that are safe to show inline. SVG, HTML, scripts and unknown data are not. */
  inline: boolean;
}

export async function sniff(body: Buffer): Promise<Sniffed> {
  const found = await (await loadFileType()).fileTypeFromBuffer(body);
  if (!found) return { mime: 'application/octet-stream', ext: '', inline: false };
  return { mime: found.mime, ext: found.ext, inline: INLINE_IMAGES.has(found.mime) };
}
