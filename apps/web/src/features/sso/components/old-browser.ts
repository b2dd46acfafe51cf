import { OLD_BROWSER_IE_MAX } from '@aquamall/shared';

/**
 * The Internet Explorer version of a user agent: `MSIE n` (IE ≤ 10) or `Trident/7` (IE 11); null for any
 * other browser.
 */
export function ieVersion(ua: string): number | null {
  const msie = /MSIE (\d+)/.exec(ua);
  if (msie) return Number(msie[1]);
  const trident = /Trident\/(\d+)/.exec(ua);
  if (trident) return Number(trident[1]) + 4; // Trident 7 = IE 11, 6 = IE 10, 5 = IE 9
  return null;
}

/** docs/product/accounts.md#sign-in-pages: the old-browser dialog appears for Internet Explorer 10 or lower. */
export function isOldBrowser(ua: string): boolean {
  const v = ieVersion(ua);
  return v !== null && v <= OLD_BROWSER_IE_MAX;
}

export const CHROME_DOWNLOAD_URL = 'https://www.google.cn/chrome/';
