import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { adjustmentInput, adjustmentLineInput, type AdjustmentDetail, type AdjustmentInput } from '@aquamall/shared';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { useCreateAdjustment, useStockList, useUpdateAdjustment } from '../api/stock.ts';

const rules = formRules(adjustmentInput);
const qtyRule = [zodRule(adjustmentLineInput.shape.quantity)];

interface Line {
  skuId: number;
  label: string;
  onHand: number;
  available: number;
  quantity: number | null;
}

/** Creates or edits a draft adjustment: type, remark and lines (SKU picked by name or code, quantity). */
export function AdjustmentFormModal({ editing, onClose }: { editing: AdjustmentDetail | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<{ type: number; remark: string }>();
  const doc = editing && editing !== 'new' ? editing : null;
  const [lines, setLines] = useState<Line[]>(() =>
    doc ? doc.lines.map((l) => ({ skuId: l.skuId, label: `${l.productName} ${l.skuSpec || l.skuCode}`, onHand: 0, available: 0, quantity: l.quantity })) : [],
  );
  const [keyword, setKeyword] = useState('');
  const options = useStockList({ pageIndex: 1, pageSize: 20, keyword: keyword || undefined });
  const create = useCreateAdjustment();
  const update = useUpdateAdjustment();
  const type = (Form.useWatch('type', form) as number | undefined) ?? doc?.type ?? 1;
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const v = await form.validateFields();
    const input: AdjustmentInput = { type: v.type, remark: v.remark ?? '', lines: lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity ?? -1 })) };
    const parsed = adjustmentInput.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '输入有误');
      return;
    }
    setError(null);
    if (doc) await update.mutateAsync({ sysNo: doc.sysNo, adjustment: input });
    else await create.mutateAsync(input);
    onClose();
  };

  return (
    <Modal
      open={!!editing}
      title={doc ? `编辑调整单 ${doc.docNo}` : '新建库存调整单'}
      width={820}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText="保存草稿"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: doc?.type ?? 1, remark: doc?.remark ?? '' }}>
        <Form.Item name="type" label="单据类型" rules={rules.type}>
          <Radio.Group options={[{ value: 1, label: '入库' }, { value: 2, label: '出库' }, { value: 3, label: '盘点' }]} optionType="button" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input maxLength={200} placeholder="如 采购到货、报损、月末盘点" />
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 8 }}>
        <Select
          showSearch
          filterOption={false}
          placeholder="搜索商品名称或规格编码，添加明细"
          style={{ width: 420 }}
          value={null}
          loading={options.isFetching}
          onSearch={setKeyword}
          notFoundContent={options.isFetching ? '搜索中…' : '没有匹配的规格'}
          options={(options.data?.list ?? []).map((s) => ({ value: s.skuId, label: `${s.productName} ${s.spec || s.code}（可用 ${s.available}）`, disabled: lines.some((l) => l.skuId === s.skuId) }))}
          onSelect={(skuId: number | null) => {
            const s = options.data?.list.find((x) => x.skuId === skuId);
            if (s && skuId !== null) setLines((ls) => [...ls, { skuId, label: `${s.productName} ${s.spec || s.code}`, onHand: s.onHand, available: s.available, quantity: null }]);
          }}
        />
      </Space>
      <Table<Line>
        rowKey="skuId"
        size="small"
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: '请在上方搜索并添加商品规格' }}
        columns={[
          { title: '商品规格', dataIndex: 'label' },
          { title: '当前可用', dataIndex: 'available', width: 90, render: (v: number, l) => (l.onHand || v ? v : '—') },
          {
            title: type === 3 ? '盘点数量' : '数量',
            key: 'q',
            width: 140,
            render: (_, l) => (
              <Form.Item style={{ margin: 0 }} rules={qtyRule}>
                <InputNumber min={type === 3 ? 0 : 1} precision={0} value={l.quantity} onChange={(q) => setLines((ls) => ls.map((x) => (x.skuId === l.skuId ? { ...x, quantity: q } : x)))} style={{ width: 120 }} aria-label="数量" />
              </Form.Item>
            ),
          },
          { title: '', key: 'd', width: 50, render: (_, l) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除明细" onClick={() => setLines((ls) => ls.filter((x) => x.skuId !== l.skuId))} /> },
        ]}
      />
      {error && <div style={{ color: '#cf1322', marginTop: 8 }}>{error}</div>}
    </Modal>
  );
}
