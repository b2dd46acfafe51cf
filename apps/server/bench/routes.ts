import { GOODS_ID, type BenchRoute } from './lib.ts';

const GOODS_LIST = 'POST /api/product/query (cached goods list)';

/**
 * `npm run bench`: the bare baseline (a constant answer: no database, cache or session), the cached public
 * reads of the mall home, and uncached company-scoped workbench reads (20-row pages, signed in as the demo
 * supplier 18800000002 with a token the bench gets by logging in): its inbox, users, sales orders and products.
 * Targets (issue 10): cached public reads
 * ≥ 100% of the bare route, company-scoped 20-row lists on PostgreSQL ≥ 25% of it.
 *
 * The goods detail (issue 28 target 1): the API answer and the server-rendered page of the best-selling
 * product, each ≥ 50% of the cached goods list's requests per second in the same run (their `vs` columns
 * compare with the list, decision 0179).
 */
export const FOUNDATION_ROUTES: BenchRoute[] = [
  { method: 'GET', path: '/api/ping', baseline: true },
  { method: 'GET', path: '/api/product/category', target: 1 },
  { method: 'POST', path: '/api/index', body: {}, target: 1 },
  { name: GOODS_LIST, method: 'POST', path: '/api/product/query', body: { pageIndex: 1, pageSize: 20 } },
  {
    name: 'GET /api/product/{id} (goods detail, vs the list)',
    method: 'GET',
    path: `/api/product/${GOODS_ID}`,
    versus: GOODS_LIST,
    target: 0.5,
  },
  {
    name: 'GET /mall/goodsDetail?id= (server-rendered page, vs the list)',
    method: 'GET',
    path: `/mall/goodsDetail?id=${GOODS_ID}`,
    html: true,
    versus: GOODS_LIST,
    target: 0.5,
  },
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
