import type { ReactNode } from 'react';
import { Button, Form, InputNumber, Popconfirm, Space } from 'antd';

/** The 编辑 / 删除 cell of a console table; `extra` goes between them. Deleting asks first. */
export function RowActions({
  onEdit,
  onDelete,
  confirm = '确定删除？',
  extra,
}: {
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  confirm?: string;
  extra?: ReactNode;
}) {
  return (
    <Space>
      <Button type="link" size="small" onClick={onEdit}>
        编辑
      </Button>
      {extra}
      <Popconfirm title={confirm} onConfirm={onDelete}>
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The sort field of console forms, limited to the server's range (−9999…9999). */
export function SortItem({ label = '排序', min = -9999 }: { label?: string; min?: number }) {
  return (
    <Form.Item name="sort" label={label}>
      <InputNumber min={min} max={9999} precision={0} />
    </Form.Item>
  );
}
