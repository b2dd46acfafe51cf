import { PREVIEW_WIDTH } from '@aquamall/shared';
import { escapeHtml as esc } from '../../lib/html.ts';
import type { PublicPage } from './pages.ts';
import type { IndexTemplate } from './template.ts';

/** The share card's picture when a page has none of its own (WeChat needs PNG or JPEG, not SVG). */
export const SHARE_IMAGE = '/images/share.png';

/**
 * An absolute URL for a picture: stored keys go through the file host's 1080 px variant (link previews need no
 * more), site assets (`/images/…`) and absolute URLs stay as they are.
 */
export function imageUrl(base: string, key: string | undefined): string {
  const k = (key ?? '').trim();
  if (!k) return base + SHARE_IMAGE;
  if (/^https?:\/\//i.test(k)) return k;
  if (k.startsWith('//')) return `https:${k}`;
  if (k.startsWith('/f/')) return base + k;
  if (k.startsWith('/')) return base + k;
  return `${base}/f/w${PREVIEW_WIDTH}/${k}`;
}

const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${esc(value)}" />`;

/** The page's head tags: title, description, canonical link and Open Graph (noindex instead for gone pages). */
export function headTags(page: PublicPage, base: string, siteName: string): string {
  const title = page.title && page.title !== siteName ? `${page.title} - ${siteName}` : siteName;
  const tags = [`<title>${esc(title)}</title>`, meta('name', 'description', page.description)];
  if (page.noindex) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    const url = base + page.path;
    tags.push(
      `<link rel="canonical" href="${esc(url)}" />`,
      meta('property', 'og:site_name', siteName),
      meta('property', 'og:type', page.ogType),
      meta('property', 'og:title', page.title || siteName),
      meta('property', 'og:description', page.description),
      meta('property', 'og:url', url),
      meta('property', 'og:image', imageUrl(base, page.image)),
      meta('property', 'og:locale', 'zh_CN'),
    );
  }
  return `${tags.join('\n    ')}\n    `;
}

/** The text inside the app's root until it renders: heading, facts, a paragraph and plain links. */
export function bodyHtml(page: PublicPage, siteName: string): string {
  const parts = [`<h1>${esc(page.heading || siteName)}</h1>`];
  if (page.facts?.length) {
    parts.push(`<dl>${page.facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`);
  }
  if (page.text) parts.push(`<p>${esc(page.text)}</p>`);
  if (page.links?.length) {
    parts.push(`<nav>${page.links.map(([label, href]) => `<a href="${esc(href)}">${esc(label)}</a>`).join(' ')}</nav>`);
  }
  return `<div class="am-ssr">${parts.join('')}</div>`;
}

export function renderPage(template: IndexTemplate, page: PublicPage, base: string, siteName: string): string {
  return template.render(headTags(page, base, siteName), bodyHtml(page, siteName));
}
