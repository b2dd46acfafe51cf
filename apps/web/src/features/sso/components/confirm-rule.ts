import type { FormRule } from 'antd';
import type { z } from 'zod';
import { PASSWORD_MISMATCH } from '@aquamall/shared';
import { zodRule } from '../../../lib/form-rules.ts';

/**
 * The rules of a confirmation field (confirm password): what its schema says (`confirmPasswordField`), and equal
 * to `field` with the server's message.
 */
export const confirmRules = (schema: z.ZodType, field = 'password'): FormRule[] => [
  zodRule(schema),
  ({ getFieldValue }) => ({
    validator: (_r, value) =>
      !value || value === getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(PASSWORD_MISMATCH)),
  }),
];
