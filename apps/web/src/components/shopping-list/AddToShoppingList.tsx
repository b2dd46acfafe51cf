import { useState, type ReactNode } from 'react';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MAX_QUANTITY, shoppingListInput, shoppingListItemInput, shoppingListPick } from '@aquamall/shared';
import { zodRule } from '../../lib/form-rules.ts';
import { editableListsQuery, useAddToShoppingList } from './api.ts';

/** An item offered to a list: the SKU, the quantity it starts with and how to name it in the dialog. */
export interface ListCandidate {
  skuId: number;
  quantity: number;
  label: string;
}

/**
 * 加入常购清单 (docs/product/shopping-lists.md): a dialog choosing one of the caller's lists (or a new one, private
 * or shared with the company) for one item (quantity and note editable) or several (each ticked: all by default,
 * none with `preselect` false, e.g. the specs of a product picked from a goods card). `trigger` draws the button;
 * `candidates` answers the items when it is clicked, at once or after a read (null: the page refused, e.g. a
 * visitor sent to login).
 */
export function AddToShoppingList({
  candidates,
  trigger,
  preselect = true,
}: {
  candidates: () => ListCandidate[] | null | Promise<ListCandidate[] | null>;
  trigger: (open: () => void, busy: boolean) => ReactNode;
  preselect?: boolean;
}) {
  const [items, setItems] = useState<ListCandidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const c = await Promise.resolve(candidates()).finally(() => setBusy(false));
    if (!c) return;
    // An order may hold one SKU on two lines: one item with both quantities.
    const bySku = new Map<number, ListCandidate>();
    for (const i of c) {
      const seen = bySku.get(i.skuId);
      bySku.set(i.skuId, seen ? { ...seen, quantity: seen.quantity + i.quantity } : i);
    }
    setItems([...bySku.values()]);
  };
  return (
    <>
      {trigger(() => void open().catch(() => undefined), busy)}
      {items && <AddDialog items={items} preselect={preselect} onClose={() => setItems(null)} />}
    </>
  );
}

interface Values {
  target: 'existing' | 'new';
  listId?: number;
  name?: string;
  shared?: boolean;
  quantity?: number;
  note?: string;
}

function AddDialog({ items, preselect, onClose }: { items: ListCandidate[]; preselect: boolean; onClose: () => void }) {
  const lists = useQuery(editableListsQuery);
  const add = useAddToShoppingList();
  const [form] = Form.useForm<Values>();
  const [chosen, setChosen] = useState<number[]>(() => (preselect ? items.map((i) => i.skuId) : []));
  const [done, setDone] = useState<{ listId: number; listName: string } | null>(null);
  const target = Form.useWatch('target', form) ?? 'existing';
  const single = items.length === 1;
  const options = (lists.data?.list ?? []).map((l) => ({
    value: l.id,
    label: `${l.name}${l.shared ? '（共享）' : ''} · ${l.itemCount}种`,
  }));

  const submit = async () => {
    const v = await form.validateFields();
    const picked = single ? [{ ...items[0]!, quantity: v.quantity ?? items[0]!.quantity }] : items.filter((i) => chosen.includes(i.skuId));
    const r = await add
      .mutateAsync({
        ...(v.target === 'new' ? { newList: { name: v.name ?? '', shared: !!v.shared } } : { listId: v.listId }),
        items: picked.map((i) => ({ skuId: i.skuId, quantity: i.quantity, note: single ? (v.note ?? '') : '' })),
      })
      .catch(() => null);
    if (r) setDone({ listId: r.listId, listName: r.listName });
  };

  return (
    <Modal
      open
      title="加入常购清单"
      onCancel={onClose}
      onOk={done ? onClose : () => void submit()}
      okText={done ? '完成' : '加入清单'}
      cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ disabled: !done && !single && !chosen.length }}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      {done ? (
        <Alert
          type="success"
          showIcon
          title={`已加入常购清单“${done.listName}”`}
          description={<Link to={`/customer/shopping-list/detail?id=${done.listId}`}>查看清单</Link>}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ target: 'existing', shared: false, quantity: items[0]?.quantity, note: '' }}
        >
          {lists.isError && <Alert type="error" showIcon title="清单加载失败，可新建清单" style={{ marginBottom: 12 }} />}
          <Form.Item name="target" label="加入到">
            <Radio.Group
              options={[
                { value: 'existing', label: '已有清单', disabled: !options.length },
                { value: 'new', label: '新建清单' },
              ]}
            />
          </Form.Item>
          {target === 'existing' ? (
            <Form.Item name="listId" label="清单" rules={[zodRule(shoppingListPick)]}>
              <Select
                options={options}
                loading={lists.isLoading}
                placeholder={lists.isLoading ? '加载中…' : options.length ? '请选择清单' : '还没有清单，请新建'}
                notFoundContent="还没有可修改的清单"
                data-testid="list-select"
              />
            </Form.Item>
          ) : (
            <Space align="start" wrap>
              <Form.Item name="name" label="清单名称" rules={[zodRule(shoppingListInput.shape.name)]}>
                <Input maxLength={40} placeholder="例如：每月常用药剂" style={{ width: 240 }} data-testid="list-new-name" />
              </Form.Item>
              <Form.Item name="shared" label=" " valuePropName="checked">
                <Checkbox data-testid="list-new-shared">共享给本公司同事</Checkbox>
              </Form.Item>
            </Space>
          )}
          {single ? (
            <>
              <Typography.Paragraph>{items[0]!.label}</Typography.Paragraph>
              <Space align="start" wrap>
                <Form.Item name="quantity" label="默认数量" rules={[zodRule(shoppingListItemInput.shape.quantity)]}>
                  <InputNumber min={1} max={MAX_QUANTITY} precision={0} />
                </Form.Item>
                <Form.Item name="note" label="备注">
                  <Input maxLength={100} style={{ width: 240 }} placeholder="选填" />
                </Form.Item>
              </Space>
            </>
          ) : (
            <Checkbox.Group value={chosen} onChange={(v) => setChosen(v)} style={{ display: 'grid', gap: 6 }}>
              {items.map((i) => (
                <Checkbox key={i.skuId} value={i.skuId}>
                  {i.label} × {i.quantity}
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
        </Form>
      )}
    </Modal>
  );
}
