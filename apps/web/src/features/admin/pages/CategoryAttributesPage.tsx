import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Cascader, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Result, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { attributeInput, enumLabel, type AttributeDef, type AttributeInput } from '@aquamall/shared';
import { formRules } from '../../../lib/form-rules.ts';
import { categoryTreeForAttributes, useCategoryAttributeDefs, useDeleteAttribute, useSaveAttribute } from '../api/product-review.ts';

const rules = formRules(attributeInput);

function AttributeModal({ categoryId, editing, onClose }: { categoryId: number; editing: AttributeDef | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<AttributeInput>();
  const save = useSaveAttribute();
  const type = Form.useWatch('type', form) as number | undefined;
  const def = editing === 'new' ? null : editing;
  return (
    <Modal open title={def ? `编辑参数 ${def.name}` : '新增参数'} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden
      onOk={() => void form.validateFields().then((v) => save.mutateAsync({ ...v, categoryId, sysNo: def?.sysNo }).then(onClose)).catch(() => undefined)}>
      <Form form={form} layout="vertical" initialValues={def ?? { type: 1, options: [], unit: '', required: false, sort: 0 }}>
        <Form.Item name="name" label="参数名称" rules={rules.name}><Input maxLength={30} placeholder="如 执行标准、材质、流量" /></Form.Item>
        <Form.Item name="type" label="类型" rules={rules.type}><Radio.Group options={[1, 2, 3].map((v) => ({ value: v, label: enumLabel('AttributeType', v) }))} /></Form.Item>
        {type === 3 && <Form.Item name="options" label="选项" rules={rules.options} extra="输入后回车添加"><Select mode="tags" open={false} /></Form.Item>}
        <Space size={24}>
          <Form.Item name="unit" label="单位" rules={rules.unit}><Input maxLength={10} style={{ width: 120 }} placeholder="如 m³/h" /></Form.Item>
          <Form.Item name="sort" label="排序" rules={rules.sort}><InputNumber min={-9999} max={9999} precision={0} /></Form.Item>
          <Form.Item name="required" label="必填" valuePropName="checked"><Switch /></Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/category-attributes: the parameters each category asks suppliers for (inherited by its subtree). */
export default function CategoryAttributesPage() {
  const tree = useQuery(categoryTreeForAttributes);
  const [path, setPath] = useState<number[]>([]);
  const categoryId = path.length ? path[path.length - 1]! : null;
  const defs = useCategoryAttributeDefs(categoryId);
  const remove = useDeleteAttribute();
  const [editing, setEditing] = useState<AttributeDef | 'new' | null>(null);
  return (
    <Card title="分类参数" variant="borderless" extra={<Button type="primary" icon={<PlusOutlined />} disabled={categoryId === null} onClick={() => setEditing('new')}>新增参数</Button>}>
      <Space style={{ marginBottom: 16 }}>
        <span>分类：</span>
        <Cascader changeOnSelect options={tree.data ?? []} loading={tree.isLoading} fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }} style={{ width: 360 }} placeholder="选择分类（参数对其下级分类同样生效）" onChange={(v) => setPath((v as number[] | undefined) ?? [])} showSearch />
      </Space>
      {categoryId === null ? (
        <Empty description="请先选择分类" />
      ) : defs.isError ? (
        <Result status="warning" title="参数加载失败" extra={<Button onClick={() => void defs.refetch()}>重试</Button>} />
      ) : (
        <Table<AttributeDef> rowKey="sysNo" loading={defs.isFetching} dataSource={defs.data ?? []} pagination={false} locale={{ emptyText: defs.data ? '该分类尚未定义参数' : ' ' }}
          columns={[
            { title: '参数', dataIndex: 'name', render: (n: string, d) => <Space>{n}{d.required && <Tag color="red">必填</Tag>}</Space> },
            { title: '类型', dataIndex: 'type', render: (t: number) => enumLabel('AttributeType', t) },
            { title: '选项', dataIndex: 'options', render: (o: string[]) => (o.length ? o.join('、') : '无') },
            { title: '单位', dataIndex: 'unit', render: (u: string) => u || '无' },
            { title: '定义于', dataIndex: 'categoryName', render: (n: string, d) => (d.categoryId === categoryId ? n : <Tag>继承自 {n}</Tag>) },
            { title: '排序', dataIndex: 'sort', width: 70 },
            {
              title: '操作', key: 'a', width: 130,
              render: (_, d) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(d)}>编辑</Button>
                  <Popconfirm title={`删除参数“${d.name}”？`} description="已发布商品的参数值保留。" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(d.sysNo)}>
                    <Button type="link" size="small" danger>删除</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]} />
      )}
      {editing && categoryId !== null && <AttributeModal categoryId={editing === 'new' ? categoryId : editing.categoryId} editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
