import type { BenchRoute } from './lib.ts';

/** The routes of the foundation issue: the bare health check and the two data routes of the mall home. */
export const FOUNDATION_ROUTES: BenchRoute[] = [
  { method: 'GET', path: '/api/health', baseline: true },
  { method: 'GET', path: '/api/product/category', target: 0.5 },
  { method: 'POST', path: '/api/index', body: {}, target: 0.5 },
];
