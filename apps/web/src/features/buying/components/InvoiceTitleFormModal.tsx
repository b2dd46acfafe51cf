import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { invoiceTitleFields, SPECIAL_INVOICE_FIELDS, type InvoiceTitleRow } from './invoice-title-rules.ts';
import { useSaveInvoiceTitle } from '../api/buying.ts';

interface Values {
  kind: 1 | 2;
  title: string;
  taxNo: string;
  regAddress: string;
  regPhone: string;
  bankName: string;
  bankAccount: string;
  isDefault: boolean;
}

const LABELS: Record<(typeof SPECIAL_INVOICE_FIELDS)[number][0], string> = {
  regAddress: '注册地址',
  regPhone: '注册电话',
  bankName: '开户银行',
  bankAccount: '银行账号',
};

/** Add or edit a saved 发票抬头: 普通 needs title and taxpayer number; 专用 also the registered details. */
export function InvoiceTitleFormModal({
  open,
  title,
  onClose,
  onSaved,
}: {
  open: boolean;
  title: InvoiceTitleRow | null;
  onClose: () => void;
  onSaved?: (sysNo: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveInvoiceTitle();
  const kind = Form.useWatch('kind', form);
  const rules = invoiceTitleFields(kind === 2);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      kind: (title?.kind as 1 | 2 | undefined) ?? 1,
      title: title?.title ?? '',
      taxNo: title?.taxNo ?? '',
      regAddress: title?.regAddress ?? '',
      regPhone: title?.regPhone ?? '',
      bankName: title?.bankName ?? '',
      bankAccount: title?.bankAccount ?? '',
      isDefault: title?.isDefault ?? false,
    });
  }, [open, title, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const sysNo = await save.mutateAsync({ sysNo: title?.sysNo, title: values });
    onSaved?.(sysNo);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title ? '编辑发票抬头' : '新增发票抬头'}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="kind" label="发票类型" rules={rules.kind}>
          <Radio.Group
            options={[
              { value: 1, label: '增值税普通发票' },
              { value: 2, label: '增值税专用发票' },
            ]}
          />
        </Form.Item>
        <Form.Item name="title" label="发票抬头" rules={rules.title}>
          <Input maxLength={100} placeholder="单位全称" />
        </Form.Item>
        <Form.Item name="taxNo" label="纳税人识别号" rules={rules.taxNo}>
          <Input maxLength={18} placeholder="18位统一社会信用代码" />
        </Form.Item>
        {SPECIAL_INVOICE_FIELDS.map(([field]) => (
          <Form.Item key={field} name={field} label={LABELS[field]} rules={rules[field]}>
            <Input
              maxLength={field === 'regAddress' ? 200 : 40}
              placeholder={kind === 2 ? undefined : '选填'}
            />
          </Form.Item>
        ))}
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>设为默认抬头</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
