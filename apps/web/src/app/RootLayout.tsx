import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useSearchParams } from 'react-router';

export interface RouteHandle {
  /** Page title; the query `title` and a product name refine it (docs/product/interface.md#page-titles-and-loading). */
  title?: string;
  /** Search group of the mall search bar: 0 goods+stores, 2 purchaser, 3 news. */
  searchGroup?: 0 | 2 | 3;
  /**
   * Highlighted workbench menu path, when it differs from the route's own; a list where the page serves both
   * company types (the first one the company's menu has).
   */
  menuKey?: string | readonly string[];
}

const SITE = 'B2B企业服务平台';

/** Head tags the server writes for the page it answered (decision 0152): wrong once the app shows another page. */
const SERVER_PAGE_TAGS = 'link[rel="canonical"], meta[property^="og:"], meta[name="robots"]';

/** Sets document.title from the deepest route title plus the query title; scrolls to top on navigation. */
export function RootLayout() {
  const matches = useMatches();
  const [params] = useSearchParams();
  const location = useLocation();
  const handleTitle = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean);
  const queryTitle = params.get('title');
  useEffect(() => {
    const parts = [queryTitle, handleTitle].filter(Boolean) as string[];
    document.title = parts.length && parts[0] !== SITE ? `${parts.join(' - ')} - ${SITE}` : SITE;
  }, [handleTitle, queryTitle]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  const firstUrl = useRef(location.pathname + location.search);
  useEffect(() => {
    if (location.pathname + location.search === firstUrl.current) return;
    document.head.querySelectorAll(SERVER_PAGE_TAGS).forEach((el) => el.remove());
  }, [location.pathname, location.search]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Pages that know a better title (a product name, an article) call this. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} - ${SITE}`;
  }, [title]);
}
