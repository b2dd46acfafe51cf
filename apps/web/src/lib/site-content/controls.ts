/*
 * Public site content shared by the site home and the mall (docs/product/api-envelope.md#site-and-mall-calls): categories, navigation, banners, footer,
 * partners, statistics and the site data. Query options and hooks only; the widgets live in components/site/.
 */

/**
 * Several site calls answer `{controls: {<key>: {items | children}}}` (docs/product/api-envelope.md#site-and-mall-calls). These helpers read a list out
 * of such an answer, or accept a bare list, so a page never crashes on a missing control.
 */
export function controlList<T>(data: unknown, key: string, field: 'items' | 'children' = 'items'): T[] {
  if (Array.isArray(data)) return data as T[];
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  const controls = (record.controls ?? {}) as Record<string, unknown>;
  const control = (controls[key] ?? record[key]) as Record<string, unknown> | unknown[] | undefined;
  if (Array.isArray(control)) return control as T[];
  if (!control || typeof control !== 'object') {
    const direct = record[field] ?? record.list;
    return Array.isArray(direct) ? (direct as T[]) : [];
  }
  const list = control[field] ?? control.items ?? control.children;
  return Array.isArray(list) ? (list as T[]) : [];
}
