import type { FormRule } from 'antd';

/** A form rule: this field must equal `field` (confirm password). */
export const confirmRule =
  (field: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_r, value) => (!value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
  });
