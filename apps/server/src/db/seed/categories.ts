import { categories } from '../schema/index.ts';
import type { Db } from '../client.ts';
import { ALL_CATEGORIES } from './catalog-data-2.ts';
import type { LeafDef, TopDef } from './catalog-data.ts';
import { familyImages, type SeedImages } from './images.ts';

export interface SeededLeaf {
  id: number;
  code: string;
  def: LeafDef;
  top: TopDef;
  path: string[];
}

const code2 = (i: number) => String(i + 1).padStart(2, '0');

/** Inserts the 3-level tree, one batch per level. Codes encode the path: 01, 0101, 010101. */
export async function seedCategories(db: Db, images: SeedImages): Promise<SeededLeaf[]> {
  const tops = await db
    .insert(categories)
    .values(
      ALL_CATEGORIES.map((t, i) => ({
        name: t.name,
        categoryCode: code2(i),
        level: 1,
        sort: (i + 1) * 10,
        defaultImage: images.categoryIcon(t.icon),
      })),
    )
    .returning({ id: categories.id });

  const midRows = ALL_CATEGORIES.flatMap((t, ti) =>
    t.mids.map((m, mi) => ({
      parentId: tops[ti]!.id,
      name: m.name,
      categoryCode: code2(ti) + code2(mi),
      level: 2,
      sort: (mi + 1) * 10,
      top: t,
    })),
  );
  const mids = await db
    .insert(categories)
    .values(midRows.map(({ top: _top, ...r }) => r))
    .returning({ id: categories.id, code: categories.categoryCode });

  const leafRows = ALL_CATEGORIES.flatMap((t, ti) =>
    t.mids.flatMap((m, mi) =>
      m.leaves.map((l, li) => {
        const parentCode = code2(ti) + code2(mi);
        return {
          row: {
            parentId: mids.find((x) => x.code === parentCode)!.id,
            name: l.name,
            categoryCode: parentCode + code2(li),
            level: 3,
            sort: (li + 1) * 10,
            defaultImage: familyImages(l.kind, l.palettes)[0] ?? null,
          },
          def: l,
          top: t,
          path: [t.name, m.name, l.name],
        };
      }),
    ),
  );
  const leaves = await db
    .insert(categories)
    .values(leafRows.map((l) => l.row))
    .returning({ id: categories.id, code: categories.categoryCode });
  return leaves.map((l, i) => ({ id: l.id, code: l.code, def: leafRows[i]!.def, top: leafRows[i]!.top, path: leafRows[i]!.path }));
}
