import { Form, Input } from 'antd';
import { creditCodeField, idCardNumberField } from '@aquamall/shared/contracts/merchant';
import { zodRule } from '../../../lib/form-rules.ts';

/**
 * The credit code and ID number fields of the merchant wizard and the certification form. Their rules are the
 * server's schemas (GB 32100 / GB 11643 check characters, packages/shared/src/check-digits.ts), run as the
 * user types, so a wrong character is named before the step or the form is left.
 */
export const creditCodeRules = [zodRule(creditCodeField)];
export const idNumberRules = [zodRule(idCardNumberField)];
const upper = (v: string | undefined) => v?.toUpperCase();

export function CreditCodeItem({ name = 'creditCode', label = '统一社会信用代码' }: { name?: string; label?: string }) {
  return (
    <Form.Item name={name} label={label} normalize={upper} rules={creditCodeRules} validateFirst hasFeedback>
      <Input maxLength={18} placeholder="18位，如 91350100M000100Y43" autoComplete="off" />
    </Form.Item>
  );
}

export function IdNumberItem({ name = 'handlerIdNo', label = '经办人身份证号', placeholder }: { name?: string; label?: string; placeholder?: string }) {
  return (
    <Form.Item name={name} label={label} normalize={upper} rules={idNumberRules} validateFirst hasFeedback>
      <Input maxLength={18} placeholder={placeholder || '18位身份证号码'} autoComplete="off" />
    </Form.Item>
  );
}
