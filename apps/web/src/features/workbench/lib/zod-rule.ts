import type { FormRule } from 'antd';
import type { z } from 'zod';

/** An Ant Design form rule from the same zod schema the server validates with (one message on both sides). */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入有误');
    },
  };
}
