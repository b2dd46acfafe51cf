import { useEffect, useState } from 'react';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  contractPriceInput,
  contractTierInput,
  contractValueProblem,
  ContractPriceKind,
  type ContractPriceRow,
} from '@aquamall/shared';
import { chinaTodayPicker, dayToPicker, pickerToDay } from '../../../lib/china-time.ts';
import { formRules, problemRule, zodRule } from '../../../lib/form-rules.ts';
import { useCreateContractPrice, useCustomerGroups, useEditContractPrice, useOwnSkuSearch, usePurchaserSearch } from '../api/prices.ts';

const rules = formRules(contractPriceInput);
const tierRules = formRules(contractTierInput);
const dayRule = (k: 'validFrom' | 'validTo') => [zodRule(contractPriceInput.shape[k], (v: Dayjs | null) => (v ? pickerToDay(v) : undefined))];

interface Values {
  /** For one purchaser company, or for every member of one of the supplier's customer groups. */
  target: 'company' | 'group';
  purchaserCompanyId?: number;
  groupId?: number;
  skuIds: number[];
  kind: number;
  value?: number;
  tiers: { minQty?: number; value?: number }[];
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  capQty?: number | null;
  remark: string;
}

/**
 * 新增 / 修改协议价: for a purchaser company, one or more SKUs of the supplier's catalogue, a fixed price or a
 * percent off the list price, optional quantity tiers, validity in China days and an optional quantity cap.
 * Editing keeps the purchaser and SKU of the rule.
 */
export function ContractPriceFormModal({ open, rule, onClose }: { open: boolean; rule: ContractPriceRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [buyerKeyword, setBuyerKeyword] = useState('');
  const [skuKeyword, setSkuKeyword] = useState('');
  const [groupKeyword, setGroupKeyword] = useState('');
  const buyers = usePurchaserSearch(buyerKeyword);
  const target = Form.useWatch('target', form) ?? 'company';
  const groups = useCustomerGroups({ pageIndex: 1, pageSize: 50, keyword: groupKeyword }, open && !rule && target === 'group');
  const skus = useOwnSkuSearch(skuKeyword);
  const create = useCreateContractPrice();
  const edit = useEditContractPrice();
  const kind = Form.useWatch('kind', form) ?? ContractPriceKind.FIXED;
  const valueLabel = kind === ContractPriceKind.FIXED ? '协议单价（元）' : '优惠比例（%）';
  const valueRule = (label: string) => [
    problemRule<number | null | undefined>((v) => (v == null ? `请输入${label}` : contractValueProblem(kind, v, label)), true),
  ];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? {
            kind: rule.kind,
            value: Number(rule.value),
            tiers: rule.tiers.map((t) => ({ minQty: t.minQty, value: Number(t.value) })),
            validFrom: dayToPicker(rule.validFrom),
            validTo: rule.validTo ? dayToPicker(rule.validTo) : null,
            capQty: rule.capQty,
            remark: rule.remark,
          }
        : { target: 'company', kind: ContractPriceKind.FIXED, skuIds: [], tiers: [], validFrom: chinaTodayPicker(), validTo: null, capQty: null, remark: '' },
    );
  }, [open, rule, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      kind: v.kind as 1 | 2,
      value: v.value!,
      tiers: (v.tiers ?? []).map((t) => ({ minQty: t.minQty!, value: t.value! })),
      validFrom: pickerToDay(v.validFrom!),
      validTo: v.validTo ? pickerToDay(v.validTo) : null,
      capQty: v.capQty ?? null,
      remark: v.remark ?? '',
    };
    if (rule) await edit.mutateAsync({ ...body, id: rule.id });
    else
      await create.mutateAsync({
        ...body,
        ...(v.target === 'group' ? { groupId: v.groupId! } : { purchaserCompanyId: v.purchaserCompanyId! }),
        skuIds: v.skuIds,
      });
    onClose();
  };

  return (
    <Modal
      open={open}
      title={rule ? '修改协议价' : '新增协议价'}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText="保存"
      okButtonProps={{ 'data-testid': 'contract-price-save' } as never}
      confirmLoading={create.isPending || edit.isPending}
      destroyOnHidden
      width={680}
    >
      <Form<Values> form={form} layout="vertical">
        {rule ? (
          <Form.Item label="采购商 / 商品">
            <Typography.Text>
              {rule.targetName} · {rule.productName}（{rule.skuCode}），列表价 ¥{rule.listPrice}
            </Typography.Text>
          </Form.Item>
        ) : (
          <>
            <Form.Item name="target" label="适用于">
              <Radio.Group
                options={[
                  { value: 'company', label: '一家采购商' },
                  { value: 'group', label: '客户分组（分组内所有采购商）' },
                ]}
              />
            </Form.Item>
            {target === 'group' ? (
              <Form.Item name="groupId" label="客户分组" rules={[problemRule<number | undefined>((v) => (v ? null : '请选择一个客户分组'), true)]}>
                <Select
                  showSearch
                  filterOption={false}
                  placeholder="选择客户分组（在“客户分组”页建立）"
                  onSearch={setGroupKeyword}
                  loading={groups.isFetching}
                  notFoundContent="暂无客户分组，请先在“客户分组”页建立"
                  options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: `${g.name}（${g.memberCount}家）` }))}
                  data-testid="contract-price-group"
                />
              </Form.Item>
            ) : (
              <Form.Item name="purchaserCompanyId" label="采购商" rules={[problemRule<number | undefined>((v) => (v ? null : '请选择一家采购商'), true)]}>
                <Select
                  showSearch
                  filterOption={false}
                  placeholder="输入采购商名称搜索"
                  onSearch={setBuyerKeyword}
                  loading={buyers.isFetching}
                  notFoundContent={buyerKeyword ? '未找到该采购商' : '请输入采购商名称'}
                  options={(buyers.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
                  data-testid="contract-price-buyer"
                />
              </Form.Item>
            )}
            <Form.Item name="skuIds" label="SKU（可多选，每个SKU一条协议价）" rules={rules.skuIds}>
              <Select
                mode="multiple"
                showSearch
                filterOption={false}
                placeholder="输入SKU编码或商品名称搜索"
                onSearch={setSkuKeyword}
                loading={skus.isFetching}
                notFoundContent={skuKeyword ? '未找到该商品' : '请输入SKU编码或商品名称'}
                options={(skus.data ?? []).map((s) => ({
                  value: s.skuId,
                  label: `${s.productName}（${s.skuCode}${s.spec ? ` ${s.spec}` : ''}）¥${s.listPrice}`,
                }))}
                data-testid="contract-price-skus"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="kind" label="定价方式">
          <Radio.Group
            options={[
              { value: ContractPriceKind.FIXED, label: '固定协议价' },
              { value: ContractPriceKind.DISCOUNT, label: '按列表价优惠比例' },
            ]}
          />
        </Form.Item>
        <Form.Item name="value" label={valueLabel} rules={valueRule(kind === ContractPriceKind.FIXED ? '协议价' : '优惠比例')} dependencies={['kind']}>
          <InputNumber min={0} precision={2} style={{ width: 200 }} aria-label={valueLabel} data-testid="contract-price-value" />
        </Form.Item>
        <Form.Item label="数量阶梯（可选：达到起订数量后按该档计价）">
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f, i) => (
                  <Space key={f.key} align="start" wrap>
                    <Form.Item name={[f.name, 'minQty']} rules={tierRules.minQty}>
                      <InputNumber min={2} precision={0} placeholder="起订数量" style={{ width: 140 }} aria-label={`第${i + 1}档起订数量`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'value']} rules={valueRule(`第${i + 1}档价格`)} dependencies={['kind']}>
                      <InputNumber min={0} precision={2} placeholder={valueLabel} style={{ width: 160 }} aria-label={`第${i + 1}档${valueLabel}`} />
                    </Form.Item>
                    <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(f.name)} aria-label="删除该档" />
                  </Space>
                ))}
                {fields.length < 10 && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                    添加阶梯
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="validFrom" label="生效日期" rules={dayRule('validFrom')}>
            <DatePicker aria-label="生效日期" />
          </Form.Item>
          <Form.Item name="validTo" label="截止日期（不填为长期）" rules={dayRule('validTo')}>
            <DatePicker aria-label="截止日期" />
          </Form.Item>
          <Form.Item name="capQty" label="限购数量（不填为不限）" rules={rules.capQty}>
            <InputNumber min={1} precision={0} style={{ width: 160 }} aria-label="限购数量" />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
