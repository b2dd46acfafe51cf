import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { CreditCodeItem, IdNumberItem } from './IdFields.tsx';

afterEach(cleanup);

let form: FormInstance | null = null;
function Harness({ children }: { children: ReactNode }) {
  const [f] = Form.useForm();
  form = f;
  return <Form form={f}>{children}</Form>;
}
/** The field's current errors, as the form shows them under it. */
const errorsOf = (name: string) => (form?.getFieldError(name) ?? []).join('');

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('check-digit fields (checked as typed)', () => {
  it('the credit code: a wrong check character, a character outside the alphabet, then a valid code', async () => {
    render(
      <Harness>
        <CreditCodeItem />
      </Harness>,
    );
    type('统一社会信用代码', '91350100m000100y44');
    await waitFor(() => expect(errorsOf('creditCode')).toBe('统一社会信用代码不正确，请核对后重新输入'));
    await waitFor(() => expect(screen.getByText('统一社会信用代码不正确，请核对后重新输入')).toBeTruthy());
    expect((screen.getByLabelText('统一社会信用代码') as HTMLInputElement).value).toBe('91350100M000100Y44');
    type('统一社会信用代码', '91350100M000100I43');
    await waitFor(() => expect(errorsOf('creditCode')).toBe('统一社会信用代码为18位数字或大写字母（不含I、O、S、V、Z）'));
    type('统一社会信用代码', '91350100M000100Y43');
    await waitFor(() => expect(errorsOf('creditCode')).toBe(''));
  });

  it('the ID number: a wrong check character, too short, then a valid number with X', async () => {
    render(
      <Harness>
        <IdNumberItem />
      </Harness>,
    );
    type('经办人身份证号', '110105194912310021');
    await waitFor(() => expect(errorsOf('handlerIdNo')).toBe('经办人身份证号码不正确，请核对后重新输入'));
    type('经办人身份证号', '11010519');
    await waitFor(() => expect(errorsOf('handlerIdNo')).toBe('身份证号码为18位（最后一位可为X）'));
    type('经办人身份证号', '11010519491231002x');
    await waitFor(() => expect(errorsOf('handlerIdNo')).toBe(''));
  });
});
