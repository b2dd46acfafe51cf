import type { MenuItem } from '@aquamall/shared';

const C = '/customer';

/** order/detail: the query type picks the highlighted menu (docs/product/workbench.md#highlighted-menu-entry). */
export const ORDER_TYPE_MENU: Record<number, string> = {
  0: `${C}/order`,
  4: `${C}/enorder`,
  6: `${C}/saleOrder`,
  8: `${C}/offerOrder`,
  10: `${C}/relatedOrder`,
};

const RMA_PATHS = new Set([`${C}/rma/rmaList`, `${C}/rma/rmaEditor`, `${C}/rma/rmaApply`]);

/**
 * The menu key (a link path, maybe with a query) to highlight for a location: order/detail by its type,
 * the after-sales pages by type 0 or 1, otherwise the route's own menuKey or its path.
 */
export function highlightKey(pathname: string, search: string, menuKey?: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const params = new URLSearchParams(search);
  if (path === `${C}/order/detail`) {
    const menu = ORDER_TYPE_MENU[Number(params.get('type'))];
    if (params.get('type') !== null && menu) return menu;
  }
  if (RMA_PATHS.has(path)) {
    const type = params.get('type');
    if (type === '0' || type === '1') return `${C}/rma/rmaList?type=${type}`;
    if (path === `${C}/rma/rmaApply`) return `${C}/rma/rmaList?type=0`;
    return `${C}/rma/rmaList`;
  }
  return menuKey ?? path;
}

/** A route's menuKey: itself, or of a list the first entry the company's menu has (else the first). */
export function pickMenuKey(menuKey: string | readonly string[] | undefined, flat: MenuItem[] | undefined) {
  if (typeof menuKey !== 'object') return menuKey;
  return menuKey.find((k) => flat && matchMenu(flat, k)) ?? menuKey[0];
}

function split(link: string): { path: string; params: URLSearchParams } {
  const [path = '', query = ''] = link.split('?');
  return { path: path.replace(/\/+$/, ''), params: new URLSearchParams(query) };
}

/**
 * The menu entry a key selects: same path, and every query parameter of the entry's link equal in the key;
 * the most specific entry wins; an entry whose query differs is still taken when nothing else matches.
 */
export function matchMenu(flat: MenuItem[], key: string): MenuItem | undefined {
  const want = split(key);
  let best: { item: MenuItem; score: number } | undefined;
  for (const item of flat) {
    if (!item.linkPath) continue;
    const have = split(item.linkPath);
    if (have.path !== want.path) continue;
    let score = 1;
    let all = true;
    for (const [k, v] of have.params) {
      if (want.params.get(k) === v) score += 2;
      else all = false;
    }
    if (!all) score = 0;
    if (!best || score > best.score) best = { item, score };
  }
  return best?.item;
}
