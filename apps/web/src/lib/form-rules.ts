import type { FormRule } from 'antd';
import type { z } from 'zod';

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * The Ant Design rule for one field, from the same zod schema the server validates with (one message on both
 * sides). The field shows as required when the schema refuses an empty value.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    required: !accepts(schema, undefined) && !accepts(schema, ''),
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}

type Shape = Record<string, z.ZodType>;

/**
 * Rules for every field of an object schema: `const rules = formRules(roleInput)` then
 * `<Form.Item name="name" rules={rules.name}>`. Forms never write antd rules beside a schema that says the same.
 */
export function formRules<S extends { shape: Shape }>(schema: S): { [K in keyof S['shape']]: FormRule[] } {
  return Object.fromEntries(Object.entries(schema.shape).map(([k, s]) => [k, [zodRule(s)]])) as {
    [K in keyof S['shape']]: FormRule[];
  };
}
