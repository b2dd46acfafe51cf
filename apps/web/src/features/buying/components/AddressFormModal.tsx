import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { addressInput, type AddressRow, AddressKind, enumLabel } from '@aquamall/shared';
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

/**
 * Add or edit an address: receiver, phone, 省/市/区 from the area tree, detail, default flag. `kind` is the kind a
 * new address gets (收货 by default; suppliers add 发货/退货 ones); an address keeps its kind when edited.
 */
export function AddressFormModal({
  open,
  address,
  kind = AddressKind.DELIVERY,
  onClose,
  onSaved,
}: {
  open: boolean;
  address: AddressRow | null;
  kind?: number;
  onClose: () => void;
  onSaved?: (sysNo: number) => void;
}) {
  const noun = enumLabel('AddressKind', address?.kind ?? kind) ?? '收货地址';
  const person = (address?.kind ?? kind) === AddressKind.DELIVERY ? '收货人' : '联系人';
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
    const sysNo = await save.mutateAsync({ sysNo: address?.sysNo, address: { ...values, kind: address?.kind ?? kind } });
    onSaved?.(sysNo);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={address ? `编辑${noun}` : `新增${noun}`}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="保存"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="receiver" label={person} rules={rules.receiver}>
          <Input maxLength={30} placeholder={`${person}姓名`} />
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
