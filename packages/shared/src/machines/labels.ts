import { enumLabel } from '../enums.ts';

/**
 * The states of a machine with the labels of their enum (packages/shared/src/enums.ts), so a state table never
 * retypes a status tag's Chinese.
 */
export function enumStates<S extends number>(enumName: string, values: Readonly<Record<string, S>>): Record<S, string> {
  const out = {} as Record<S, string>;
  for (const v of Object.values(values)) {
    const name = enumLabel(enumName, v);
    if (name === undefined) throw new Error(`${enumName}: no label for ${v}`);
    out[v] = name;
  }
  return out;
}
