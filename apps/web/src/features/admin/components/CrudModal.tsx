import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

/** A create/edit dialog around a form; `initial` null means closed. */
export function CrudModal<T extends object>({
  title,
  initial,
  onClose,
  onSave,
  children,
  width = 560,
}: {
  title: string;
  initial: Partial<T> | null;
  onClose: () => void;
  onSave: (values: T) => Promise<unknown>;
  children: (form: FormInstance<T>) => ReactNode;
  width?: number;
}) {
  const [form] = Form.useForm<T>();
  useEffect(() => {
    if (initial) {
      form.resetFields();
      form.setFieldsValue(initial as never);
    }
  }, [initial, form]);
  return (
    <Modal
      open={!!initial}
      title={title}
      width={width}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        await onSave({ ...(initial as T), ...values });
        onClose();
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {children(form)}
      </Form>
    </Modal>
  );
}
