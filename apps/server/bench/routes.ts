import type { BenchRoute } from './lib.ts';

/**
 * `npm run bench`: the bare baseline (a constant answer: no database, cache or session), the cached public
 * reads of the mall home, and uncached company-scoped workbench reads (20-row pages, signed in as the demo
 * supplier 18800000002 with a token the bench gets by logging in): its inbox, users, sales orders and products.
 * Targets (issue 10): cached public reads
 * ≥ 100% of the bare route, company-scoped 20-row lists on PostgreSQL ≥ 25% of it.
 */
export const FOUNDATION_ROUTES: BenchRoute[] = [
  { method: 'GET', path: '/api/ping', baseline: true },
  { method: 'GET', path: '/api/product/category', target: 1 },
  { method: 'POST', path: '/api/index', body: {}, target: 1 },
  {
    name: 'GET /api/message/list (20 rows, company)',
    method: 'GET',
    path: '/api/message/list?pageIndex=1&pageSize=20',
    signedIn: true,
    target: 0.25,
  },
  {
    name: 'POST /api/user/list (20 rows, company)',
    method: 'POST',
    path: '/api/user/list',
    body: { pageIndex: 1, pageSize: 20 },
    signedIn: true,
    target: 0.25,
  },
  {
    name: 'POST /api/order/list (20 rows, company)',
    method: 'POST',
    path: '/api/order/list',
    body: { pageIndex: 1, pageSize: 20, type: 6, all: 1 },
    signedIn: true,
    target: 0.25,
  },
  {
    name: 'POST /api/myproduct/list (20 rows, company)',
    method: 'POST',
    path: '/api/myproduct/list',
    body: { pageIndex: 1, pageSize: 20 },
    signedIn: true,
    target: 0.25,
  },
];
