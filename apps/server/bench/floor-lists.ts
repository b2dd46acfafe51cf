import type { BenchRoute } from './lib.ts';

/**
 * The authenticated company lists of issue 28 target 3 (20-row first pages, signed in as the demo supplier),
 * each measured against its floor: bench/floor-server.ts answers `/bench-floor/<index>` with the same session
 * check, the same SQL as prepared statements and the rows as JSON, and nothing else.
 */
export const FLOOR_LISTS: (BenchRoute & { name: string })[] = [
  { name: 'POST /api/order/list', method: 'POST', path: '/api/order/list', body: { pageIndex: 1, pageSize: 20, type: 6, all: 1 } },
  { name: 'POST /api/myproduct/list', method: 'POST', path: '/api/myproduct/list', body: { pageIndex: 1, pageSize: 20 } },
  { name: 'GET /api/message/list', method: 'GET', path: '/api/message/list?pageIndex=1&pageSize=20' },
  { name: 'POST /api/user/list', method: 'POST', path: '/api/user/list', body: { pageIndex: 1, pageSize: 20 } },
  { name: 'POST /api/invoice/list', method: 'POST', path: '/api/invoice/list', body: { pageIndex: 1, pageSize: 20, type: 1 } },
];

export const floorPath = (index: number) => `/bench-floor/${index}`;
