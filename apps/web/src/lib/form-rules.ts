import type { FormRule } from 'antd';
import type { z } from 'zod';

/** An antd rule object that always validates (usable on `Form.List` too). */
export interface SchemaRule {
  required: boolean;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

/**
 * The message for an empty field: the schema's own "missing" message (`z.string({ error: '请输入手机号' })`),
 * else the first check an empty value of the field's kind breaks (`min(1, '请上传营业执照')`). zod's generic
 * "expected string" is no message for a user.
 */
function emptyMessage(schema: z.ZodType, input: unknown): string {
  const own = schema.safeParse(undefined, { error: () => '' });
  if (!own.success && own.error.issues[0]?.message) return own.error.issues[0].message;
  for (const empty of input == null ? ['', []] : [input]) {
    const issue = schema.safeParse(empty).error?.issues[0];
    if (issue && issue.code !== 'invalid_type') return issue.message;
  }
  return '请填写此项';
}

/**
 * The Ant Design rule for one field, from the same zod schema the server validates with (one message on both
 * sides). The field shows as required when the schema refuses an empty value; an empty field gets the schema's
 * "missing" message when it has one (请输入手机号 rather than 请输入正确的手机号). `toInput` maps the form's value
 * to the schema's (an upload list → its first path, a cascader path → its leaf).
 */
export function zodRule(schema: z.ZodType, toInput: (value: never) => unknown = (v) => v): SchemaRule {
  return {
    required: !accepts(schema, undefined) && !accepts(schema, ''),
    validator: async (_rule: unknown, value: unknown) => {
      const input = toInput(value as never);
      if (isEmpty(input)) {
        if (input == null ? accepts(schema, undefined) || accepts(schema, '') : accepts(schema, input)) return;
        throw new Error(emptyMessage(schema, input));
      }
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}

/**
 * A rule from a shared check that answers the first problem or null (`attributeProblem`, `tierProblem`): for
 * rules a schema cannot say alone. `required` only marks the field.
 */
export function problemRule<T>(problem: (value: T) => string | null, required = false): FormRule {
  return {
    required,
    validator: async (_rule, value: T) => {
      const message = problem(value);
      if (message) throw new Error(message);
    },
  };
}

type Shape = Record<string, z.ZodType>;

/**
 * Rules for every field of an object schema: `const rules = formRules(roleInput)` then
 * `<Form.Item name="name" rules={rules.name}>`. Forms never write antd rules beside a schema that says the same
 * (ESLint `aquamall/form-rules-from-schema`).
 */
export function formRules<S extends { shape: Shape }>(schema: S): { [K in keyof S['shape']]: SchemaRule[] } {
  return Object.fromEntries(Object.entries(schema.shape).map(([k, s]) => [k, [zodRule(s)]])) as {
    [K in keyof S['shape']]: SchemaRule[];
  };
}
