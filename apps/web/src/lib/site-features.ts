import { useEffect, useState } from 'react';
import type { SiteFeatures } from '@aquamall/shared';
import { api } from './api.ts';

let pending: Promise<SiteFeatures | null> | null = null;

/**
 * GET /api/site/features once per page load: the login methods and frameable hosts of this deployment.
 * Null when the call failed (the page then offers everything and lets the server answer).
 */
export function loadSiteFeatures(): Promise<SiteFeatures | null> {
  pending ??= api.get<SiteFeatures>('/api/site/features', undefined, { suppressError: true }).catch(() => {
    pending = null;
    return null;
  });
  return pending;
}

/** The site features: undefined while loading, null if they could not be read. */
export function useSiteFeatures(): SiteFeatures | null | undefined {
  const [features, setFeatures] = useState<SiteFeatures | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadSiteFeatures().then((f) => {
      if (live) setFeatures(f);
    });
    return () => {
      live = false;
    };
  }, []);
  return features;
}
