import { ENUMS } from '../enums.ts';

/** The Chinese labels of an enum of packages/shared/src/enums.ts as a state table's `states` (not retyped). */
export function enumStates<S extends number>(name: string): Record<S, string> {
  const def = ENUMS.find((e) => e.name === name);
  if (!def) throw new Error(`unknown enum ${name}`);
  return Object.fromEntries(def.items.map((i) => [i.id, i.name])) as Record<S, string>;
}
