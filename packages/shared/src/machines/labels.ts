import { ENUMS, enumLabel } from '../enums.ts';

/**
 * The states of a machine with the labels of their enum (packages/shared/src/enums.ts), so a state table never
 * retypes a status tag's Chinese: the given values (`enumStates('BidStatus', BidStatus)`), or every item of the
 * enum when none are given (`enumStates<InvoiceStatusValue>('InvoiceStatus')`).
 */
export function enumStates<S extends number>(enumName: string, values?: Readonly<Record<string, S>>): Record<S, string> {
  if (!values) {
    const def = ENUMS.find((e) => e.name === enumName);
    if (!def) throw new Error(`unknown enum ${enumName}`);
    return Object.fromEntries(def.items.map((i) => [i.id, i.name])) as Record<S, string>;
  }
  const out = {} as Record<S, string>;
  for (const v of Object.values(values)) {
    const name = enumLabel(enumName, v);
    if (name === undefined) throw new Error(`${enumName}: no label for ${v}`);
    out[v] = name;
  }
  return out;
}
