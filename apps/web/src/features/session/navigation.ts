import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

let routerPath: string | null = null;

type Go = (to: string, opts?: { replace?: boolean }) => void;

let go: Go = (to, opts) => (opts?.replace ? window.location.replace(to) : window.location.assign(to));

/** Navigation for code outside components (login, logout): the router's when mounted, else a page load. */
export function navigateTo(to: string, opts?: { replace?: boolean }) {
  go(to, opts);
}

/** Installs the router's navigate for navigateTo; rendered by RequireAuth and the SSO layout. */
export function useInstallNavigator() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    routerPath = location.pathname + location.search;
    return () => {
      routerPath = null;
    };
  }, [location.pathname, location.search]);
  useEffect(() => {
    const previous = go;
    go = (to, opts) => void navigate(to, { replace: opts?.replace });
    return () => {
      go = previous;
    };
  }, [navigate]);
}

/** The current path and query, for returnUrl (the router's when one is installed). */
export const currentPath = () => routerPath ?? window.location.pathname + window.location.search;

/** Only same-site paths are followed after login (no open redirect to another origin). */
export function safeReturnUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  if (url.startsWith('/sso/login')) return null;
  return url;
}
