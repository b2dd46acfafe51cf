import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Switch, Table } from 'antd';
import type { AdminCategoryRow } from '@aquamall/shared';
import { adminCategoryInput } from '@aquamall/shared/contracts/admin';
import { Img } from '../../../components/Img.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { RowActions, SortItem } from '../components/RowActions.tsx';
import { CrudModal } from '../components/CrudModal.tsx';
import { SingleImage } from '../components/SingleImage.tsx';

type Category = AdminCategoryRow & { children?: Category[] };
const rules = formRules(adminCategoryInput);
const saveCategory = consoleCommand('adminCategorySave');
const deleteCategory = consoleCommand('adminCategoryDelete');
type Edit = { id?: number; parentId: number | null; name?: string; defaultImage?: string; sort?: number; hidden?: boolean };

function toTree(rows: Category[]): Category[] {
  const byId = new Map(rows.map((r) => [r.id, { ...r, children: [] as Category[] }]));
  const roots: Category[] = [];
  for (const r of byId.values()) (r.parentId && byId.get(r.parentId) ? byId.get(r.parentId)!.children! : roots).push(r);
  const clean = (list: Category[]): Category[] => list.map((c) => ({ ...c, children: c.children?.length ? clean(c.children) : undefined }));
  return clean(roots);
}

/** Console: the 3-level product category tree (names, icons, order, visibility). */
export default function CategoriesPage() {
  const { data, refetch, isFetching } = useConsoleQuery('adminCategoryList');
  const tree = useMemo(() => toTree(data ?? []), [data]);
  const [edit, setEdit] = useState<Edit | null>(null);
  return (
    <Card title="商品分类" extra={<Button type="primary" onClick={() => setEdit({ parentId: null, sort: 0, hidden: false })}>新增一级分类</Button>}>
      <Table<Category>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={tree}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '编码', dataIndex: 'categoryCode' },
          { title: '图标', dataIndex: 'defaultImage', render: (v: string | null) => (v ? <Img src={v} width={120} style={{ width: 32, height: 32 }} /> : '') },
          { title: '排序', dataIndex: 'sort' },
          { title: '显示', dataIndex: 'hidden', render: (v: boolean) => (v ? '隐藏' : '显示') },
          {
            title: '操作',
            render: (_, r) => (
              <RowActions onEdit={() => setEdit({ ...r, defaultImage: r.defaultImage ?? '' })} onDelete={async () => { await deleteCategory({ id: r.id }); await refetch(); }} confirm="确定删除该分类？" extra={r.level < 3 && <Button type="link" size="small" onClick={() => setEdit({ parentId: r.id, sort: 0, hidden: false })}>新增下级</Button>} />
            ),
          },
        ]}
      />
      <CrudModal<Edit>
        title={edit?.id ? '编辑分类' : '新增分类'}
        initial={edit}
        onClose={() => setEdit(null)}
        onSave={async (v) => {
          await saveCategory({ id: v.id, parentId: v.parentId, name: v.name ?? '', defaultImage: v.defaultImage ?? '', sort: v.sort ?? 0, hidden: !!v.hidden });
          await refetch();
        }}
      >
        {() => (
          <>
            <Form.Item name="name" label="分类名称" rules={rules.name}><Input /></Form.Item>
            <Form.Item name="defaultImage" label="图标"><SingleImage /></Form.Item>
            <SortItem label="排序（小的在前）" min={0} />
            <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          </>
        )}
      </CrudModal>
    </Card>
  );
}
