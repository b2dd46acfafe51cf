import { z } from '@aquamall/shared';
import { zipBombs, zerosDeflated, zipOf } from './zip-bombs.ts';

/**
 * Bad-input generators for the robustness test: a plausible value per route schema (so one mutated field at a
 * time gets past the others), and the hostile values each field, path parameter and query key receives.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

const huge = 'x'.repeat(10_000);

/** Values that replace one body field (or the whole body) at a time. */
export const badValues: Json[] = [
  'abc',
  -1,
  0,
  1.5,
  2147483648,
  9007199254740991,
  1e20,
  huge,
  {},
  ['a', 1],
  [2147483648],
  ['😀', -1, 1.5],
  null,
  true,
  '😀🐟\u0000水',
  '   ',
];

/** Whole bodies: nothing, null, an array, a string, a number, a prototype-polluting object. */
export const badBodies: { payload?: string; contentType?: string }[] = [
  {},
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '[1,2]', contentType: 'application/json' },
  { payload: '"abc"', contentType: 'application/json' },
  { payload: '123', contentType: 'application/json' },
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '{"__proto__":{"isPlatformAdmin":true},"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { payload: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, contentType: 'application/json' },
  { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="../../a.png"\r\nContent-Type: image/png\r\n\r\nabc\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  { payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunterminated', contentType: 'multipart/form-data; boundary=x' },
  { payload: 'garbage', contentType: 'multipart/form-data' },
  { payload: 'plain', contentType: 'text/plain' },
  { payload: '<xml><a>1</a><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]></xml>', contentType: 'application/xml' },
  { payload: '<xml><ToUserName>&e;</ToUserName></xml>', contentType: 'text/xml' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: '\uFEFF{"a":1}', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/octet-stream' },
];

/** Path parameter values: not numbers, negative, zero, fractional, beyond int4/int8/double, unicode. */
export const badParams = [
  'abc',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9007199254740991',
  '99999999999999999999',
  '1e400',
  'NaN',
  '😀',
  '%00',
  '%E4%B8%AD%E6%96%87',
  'x'.repeat(250),
  '..%2F..%2Fetc%2Fpasswd',
];

/** Query values (strings by nature); arrays are sent as a repeated key. */
export const badQueryValues = ['abc', '-1', '0', '1.5', '2147483648', '9007199254740991', '99999999999999999999', huge, '😀', '%00', '', '__proto__'];

// Typical valid strings, tried against a field's pattern: phone, SMS code, password, credit code, bank account…
const candidates = [
  '13800138000',
  'a@example.com',
  '123456',
  'Abcd1234x',
  '91310000MA1FL8XQ30',
  '6222020000001234',
  'abc_def',
  '2026-01-01',
  'https://example.com/a.png',
  '/mall/index',
  'a1',
  '110000',
];

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'a@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/a';
  // Free text without a minimum is usually optional (logo, remark …): empty keeps file and link checks quiet.
  if (!schema.minLength && !schema.pattern) return '';
  const min = Math.max(1, schema.minLength ?? 1);
  const fits = (c: string) => c.length >= min && c.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    try {
      const re = new RegExp(schema.pattern);
      const hit = candidates.find((c) => fits(c) && re.test(c));
      if (hit) return hit;
    } catch {
      // A pattern JavaScript cannot compile: fall through to the plain sample.
    }
  }
  return '测试'.repeat(Math.ceil(min / 2)).slice(0, Math.max(min, 2));
}

function first(list: JsonSchema[] | undefined): JsonSchema | undefined {
  return list?.find((s) => s.type !== 'null') ?? list?.[0];
}

/** A value that satisfies the simple parts of a JSON schema (types, enums, minimums, common patterns). */
function sample(schema: JsonSchema | undefined, depth = 0): Json {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  const alt = first(schema.anyOf) ?? first(schema.oneOf) ?? schema.allOf?.[0];
  if (alt) return sample(alt, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? schema.exclusiveMinimum ?? 0;
      const hi = schema.maximum ?? schema.exclusiveMaximum;
      if (hi !== undefined && hi <= 1) return type === 'integer' ? Math.max(lo, Math.min(hi, 0)) : (lo + hi) / 2;
      return Math.max(1, schema.minimum ?? 1);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Fields holding a list of objects (floors, items …): a plausible item and its field names. */
interface ListField {
  field: string;
  item: Record<string, Json>;
  itemFields: string[];
}

const unwrap = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema && (first(schema.anyOf) ?? first(schema.oneOf) ?? schema.allOf?.[0] ?? schema);

/** The top-level field names of a route schema part (body/querystring/params), and a plausible value. */
export function describeSchema(schema: unknown): { fields: string[]; plausible: Record<string, Json>; lists: ListField[] } {
  const json = toJsonSchema(schema);
  const value = json ? sample(json) : null;
  const plausible = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const lists: ListField[] = [];
  for (const [field, prop] of Object.entries(json?.properties ?? {})) {
    const items = unwrap(unwrap(prop)?.items);
    if (items?.properties) {
      const item = sample(items);
      if (item && typeof item === 'object' && !Array.isArray(item)) lists.push({ field, item, itemFields: Object.keys(items.properties) });
    }
  }
  return { fields: Object.keys(json?.properties ?? plausible), plausible, lists };
}

/**
 * Field-by-field mutations of a plausible body: each field gets each bad value while the rest stay sane, and
 * each field of a list item likewise (one plausible item in the list).
 */
export function fieldMutations(plausible: Record<string, Json>, fields: string[], lists: ListField[] = []): Record<string, Json>[] {
  const out: Record<string, Json>[] = [plausible];
  for (const field of fields) for (const bad of badValues) out.push({ ...plausible, [field]: bad });
  for (const { field, item, itemFields } of lists) {
    out.push({ ...plausible, [field]: [item] });
    for (const key of itemFields) for (const bad of badValues) out.push({ ...plausible, [field]: [{ ...item, [key]: bad }] });
  }
  return out;
}

/**
 * Archives for every route that takes an uploaded file: the zip-bomb shapes (dressed as a workbook and as an OFD
 * invoice, test/zip-bombs.ts) and an archive past every upload size limit (11 MB). Each must be refused in Chinese
 * with nothing stored or imported.
 */
export function badArchives(): { name: string; fileName: string; body: Buffer }[] {
  const shapes = [
    ...zipBombs('xlsx').map((b) => ({ name: `xlsx ${b.name}`, fileName: 'bomb.xlsx', body: b.body })),
    ...zipBombs('ofd').map((b) => ({ name: `ofd ${b.name}`, fileName: 'bomb.ofd', body: b.body })),
  ];
  // 11 MB stored (incompressible bytes do not matter: it is over the limit before it is opened).
  const oversized = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(11 * 1024 * 1024, 7) }]);
  return [...shapes, { name: 'oversized', fileName: 'big.xlsx', body: oversized }, { name: 'deflate only', fileName: 'raw.xlsx', body: zerosDeflated(4) }];
}
