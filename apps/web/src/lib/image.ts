import { PREVIEW_WIDTH, THUMB_WIDTH } from '@aquamall/shared/constants';

/** Shown when an image is missing or fails to load (docs/product/interface.md#images). */
export const DEFAULT_IMAGE = '/images/default-image.svg';
/** Shown when an avatar is missing or fails to load. */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * URL of a stored file on the file host (docs/product/files.md#file-host): `/f/<key>`, or `/f/w<width>/<key>` for a resized copy.
 * Absolute URLs (http:, https:, data:, blob:, //host) and site assets outside /f/ are returned untouched.
 */
export function fileUrl(key: string | null | undefined, width?: number): string {
  if (!key) return '';
  const k = key.trim();
  if (!k || ABSOLUTE.test(k)) return k;
  let path = k;
  if (path.startsWith('/f/')) {
    if (!width) return path;
    path = path.slice(3).replace(/^w\d+\//, '');
  }
  else if (path.startsWith('/')) return path; // a site asset such as /images/x.svg
  return width ? `/f/w${width}/${path}` : `/f/${path}`;
}

/** 120 px thumbnail (lists, upload previews). */
export const thumbUrl = (key: string | null | undefined) => fileUrl(key, THUMB_WIDTH);
/** 1080 px preview (galleries, full-screen preview). */
export const previewUrl = (key: string | null | undefined) => fileUrl(key, PREVIEW_WIDTH);
