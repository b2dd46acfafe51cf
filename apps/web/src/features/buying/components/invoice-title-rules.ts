import type { FormRule } from 'antd';
import { invoiceTitleFields as fields, SPECIAL_INVOICE_FIELDS } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';

export { SPECIAL_INVOICE_FIELDS };
export type { InvoiceTitleRow } from '@aquamall/shared';

const base = formRules(fields);

/** The form's rules from the shared schema; for 专用 the four registered details are required too. */
export function invoiceTitleFields(special: boolean): Record<keyof typeof base, FormRule[]> {
  if (!special) return base;
  const out = { ...base };
  for (const [field, message] of SPECIAL_INVOICE_FIELDS)
    out[field] = [{ required: true, whitespace: true, message }, ...base[field]];
  return out;
}
