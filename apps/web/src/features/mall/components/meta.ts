import { useEffect } from 'react';

/** Sets `<meta name="description">` for the current page (products, shops, articles). */
export function useMetaDescription(text: string | undefined | null) {
  useEffect(() => {
    if (!text) return;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = text.replace(/\s+/g, ' ').trim().slice(0, 160);
    return () => {
      if (tag) tag.content = previous;
    };
  }, [text]);
}

/**
 * A title known from the first render (a search keyword). The root layout sets the route's title in its own
 * effect, which runs after the page's on first mount; deferring one tick lets the page's title win.
 */
export function useLateTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = `${title} - B2B企业服务平台`;
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);
}

/** The login page that comes back here afterwards. */
export function loginHref(returnUrl: string = window.location.pathname + window.location.search): string {
  return `/sso/login?returnUrl=${encodeURIComponent(returnUrl)}`;
}
