import type { MenuItem } from '@aquamall/shared';

/** The customer menu as docs/product/workbench.md#menus holds it: the flat list from the server and the tree built from it. */
export interface MenuModel {
  flat: MenuItem[];
  tree: MenuItem[];
}

/**
 * Builds the tree from the flat list (`parentSysNo` 0 = top). Order is kept; an entry whose parent is not in
 * the list is shown at the top level rather than lost; cycles cannot hang it.
 */
export function buildMenuTree(flat: MenuItem[]): MenuItem[] {
  const nodes = new Map<number, MenuItem>();
  for (const m of flat) nodes.set(m.sysNo, { ...m, children: [] });
  const roots: MenuItem[] = [];
  for (const m of flat) {
    const node = nodes.get(m.sysNo)!;
    const parent = m.parentSysNo && m.parentSysNo !== m.sysNo ? nodes.get(m.parentSysNo) : undefined;
    if (parent && !isAncestor(node, parent, nodes)) parent.children!.push(node);
    else roots.push(node);
  }
  return roots;
}

function isAncestor(node: MenuItem, candidate: MenuItem, nodes: Map<number, MenuItem>): boolean {
  let cur: MenuItem | undefined = candidate;
  const seen = new Set<number>();
  while (cur && !seen.has(cur.sysNo)) {
    if (cur.sysNo === node.sysNo) return true;
    seen.add(cur.sysNo);
    cur = cur.parentSysNo ? nodes.get(cur.parentSysNo) : undefined;
  }
  return false;
}

export const toMenuModel = (flat: MenuItem[]): MenuModel => ({ flat, tree: buildMenuTree(flat) });

/** The chain of parents of an entry, top first (for opening the right submenu). */
export function ancestorsOf(flat: MenuItem[], sysNo: number): MenuItem[] {
  const byId = new Map(flat.map((m) => [m.sysNo, m]));
  const out: MenuItem[] = [];
  const seen = new Set<number>();
  let cur = byId.get(sysNo);
  while (cur?.parentSysNo && !seen.has(cur.parentSysNo)) {
    seen.add(cur.parentSysNo);
    const parent = byId.get(cur.parentSysNo);
    if (!parent) break;
    out.unshift(parent);
    cur = parent;
  }
  return out;
}
