import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { addressInput, type AddressRow } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { useSaveAddress } from '../api/buying.ts';
import { AreaCascader } from '../../../components/AreaCascader.tsx';

const rules = formRules(addressInput);

interface Values {
  receiver: string;
  phone: string;
  area: number[];
  detail: string;
  isDefault: boolean;
}

/** Add or edit a delivery address: receiver, phone, 省/市/区 from the area tree, detail, default flag. */
export function AddressFormModal({
  open,
  address,
  onClose,
  onSaved,
}: {
  open: boolean;
  address: AddressRow | null;
  onClose: () => void;
  onSaved?: (sysNo: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveAddress();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      receiver: address?.receiver ?? '',
      phone: address?.phone ?? '',
      area: address?.area ?? [],
      detail: address?.detail ?? '',
      isDefault: address?.isDefault ?? false,
    });
  }, [open, address, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const sysNo = await save.mutateAsync({ sysNo: address?.sysNo, address: values });
    onSaved?.(sysNo);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={address ? '编辑收货地址' : '新增收货地址'}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="receiver" label="收货人" rules={rules.receiver}>
          <Input maxLength={30} placeholder="收货人姓名" />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={rules.phone}>
          <Input maxLength={11} placeholder="11位手机号" />
        </Form.Item>
        <Form.Item name="area" label="所在地区" rules={rules.area}>
          <AreaCascader />
        </Form.Item>
        <Form.Item name="detail" label="详细地址" rules={rules.detail}>
          <Input.TextArea maxLength={200} rows={2} placeholder="街道、门牌号等" />
        </Form.Item>
        <Form.Item name="isDefault" valuePropName="checked">
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
